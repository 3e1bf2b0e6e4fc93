// Templates and user text in linear time (decisions.md §10: a step body, column template or saved reply
// of the largest allowed size is checked and rendered in well under 100 ms). For each largest size and
// each pathological family (test/support/pathological.ts), the median time of rendering the template and
// listing its merge fields (what a preview, a send and a merge check do), and of the copy check for step
// bodies, against the same work on plain text of the same size as the baseline. No database.
//
// Run: npm run bench -- template-render
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { checkCopy } from '../../src/modules/checks/copy-check';
import { TEMPLATE_MAX } from '../../src/modules/columns/columns.inputs';
import { mergeFieldsOf, renderTemplate } from '../../src/modules/templates/render';
import { MAX_ANSWER } from '../../src/modules/replies/replies.inputs';
import { MAX_BODY_CHARS } from '../../src/modules/steps/step-rules';
import { pathologicalTemplates } from '../support/pathological';
import { median, runWhenMain } from './bench-service';

const RUNS = 9;
const vars = { first_name: 'Ada', company: 'Acme' };

function medianMs(work: () => void): number {
  work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

const render = (t: string) => () => {
  renderTemplate(t, vars, { unsubscribeUrl: 'https://t.example/u/x' });
  mergeFieldsOf(t);
};
const copy = (t: string) => () => checkCopy({ subject: 'Hello', body: t }, { unsubHeader: true });

export async function main() {
  for (const [what, size] of [
    ['step body / one-off', MAX_BODY_CHARS],
    ['saved reply / answer', MAX_ANSWER],
    ['column template', TEMPLATE_MAX],
  ] as const) {
    const plain = 'Hello {{first_name}}, a word about {{company}}. '.repeat(size).slice(0, size);
    const baseRender = medianMs(render(plain));
    const baseCopy = medianMs(copy(plain));
    console.log(`\n${what}, ${size} characters: plain text renders in ${baseRender.toFixed(2)} ms, copy check ${baseCopy.toFixed(2)} ms`);
    for (const [family, make] of Object.entries(pathologicalTemplates)) {
      const t = make(size);
      const r = medianMs(render(t));
      const c = medianMs(copy(t));
      console.log(
        `  ${family.padEnd(40)} render ${r.toFixed(2).padStart(7)} ms (${(r / baseRender).toFixed(1)}×)   copy check ${c.toFixed(2).padStart(7)} ms (${(c / baseCopy).toFixed(1)}×)`,
      );
    }
  }
}

runWhenMain(module, main);
