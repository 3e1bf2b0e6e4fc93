it('boots', async () => {
  const c0 = process.cpuUsage();
  const { startTestService } = await import('../support/service');
  const c1 = process.cpuUsage(c0);
  const s = await startTestService();
  const c2 = process.cpuUsage(c0);
  await s.stop();
  const ms = (c: NodeJS.CpuUsage) => ((c.user + c.system) / 1000).toFixed(0);
  console.log(`import cpu ${ms(c1)}; import+start cpu ${ms(c2)}`);
});
