import { Client } from 'pg';
import { sharedBuffersMb } from '../../src/storage/embedded-postgres';

const GB = 2 ** 30;

describe('embedded PostgreSQL settings', () => {
  it('sizes shared buffers to an eighth of the memory, between 128 MB and 1 GB', () => {
    expect(sharedBuffersMb(0.5 * GB)).toBe(128);
    expect(sharedBuffersMb(1 * GB)).toBe(128);
    expect(sharedBuffersMb(2 * GB)).toBe(256);
    expect(sharedBuffersMb(4 * GB)).toBe(512);
    expect(sharedBuffersMb(24 * GB)).toBe(1024);
  });

  it('starts the database with them (the test database is an embedded one)', async () => {
    const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
    await client.connect();
    try {
      const { rows } = await client.query(`select setting::bigint * 8192 / 1048576 as mb from pg_settings where name = 'shared_buffers'`);
      expect(Number(rows[0].mb)).toBe(sharedBuffersMb());
    } finally {
      await client.end();
    }
  });
});
