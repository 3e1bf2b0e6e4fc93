// The template language's cost (decisions.md §10 and §11). No database.
//
// 1. Throughput of rendering one step for many leads, as a send renders it (sending/render/compose.ts
//    renderEmailText: subject and body, parsed and rendered for each lead), for a step written with
//    spintax and conditions against a plain merge-field step of about the same length, in turns within
//    one run (target: at least 90% of the plain step's throughput). The template alone (renderTemplate of
//    the body) is shown beside it.
// 2. For each largest size and each pathological family (test/support/pathological.ts), the median time
//    of parsing alone, of parsing, rendering the template and listing its merge fields (what a preview, a
//    send and a merge check do with a template not seen before), and of the copy check for step bodies,
//    against the same work on plain text of the same size as the baseline.
//
// Run: npm run bench -- template-render
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { checkCopy } from '../../src/modules/checks/copy-check';
import { TEMPLATE_MAX } from '../../src/modules/columns/columns.inputs';
import { MAX_ANSWER } from '../../src/modules/replies/replies.inputs';
import { renderEmailText } from '../../src/modules/sending/render/compose';
import { MAX_BODY_CHARS } from '../../src/modules/steps/step-rules';
import { renderTemplate } from '../../src/modules/templates/render';
import { spinSeed } from '../../src/modules/templates/spin';
import { mergeFieldsOf } from '../../src/modules/templates/template-fields';
import { parseTemplate } from '../../src/modules/templates/template-parse';
import { pathologicalTemplates } from '../support/pathological';
import { machine, median, runWhenMain } from './bench-service';

const RUNS = 9;
const vars = { first_name: 'Ada', company: 'Acme' };

function medianMs(work: () => void): number {
  for (let i = 0; i < 3; i++) work();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return median(times);
}

// ---- 1. A step with spintax and conditions against a plain one ----

const PLAIN = {
  subject: 'Quick question about {{company}}, {{first_name}}',
  body: `Hi {{first_name|there}},

I noticed {{company}} has been growing its team in {{city|your area}} this year, and I wondered how you handle
outreach while hiring. We help teams like {{company}} book more meetings from the same lists, without more
tools to learn and without changing the way {{department|your team}} works today.

Would it be worth a short call next {{weekday|week}}? If {{title|your role}} is not the right fit for this,
who at {{company}} should I ask instead? I can send a short overview of how {{industry|other teams}} use it
first, if {{first_name|you}} would rather read before we talk, or a case study from {{region|a team near you}}.
Either way, thank you for reading, {{first_name|friend}}.

Best,
{{sendingAccountFirstName}}

{{unsubscribe}}`,
};

const SPUN = {
  subject: '{{RANDOM | Quick question | A thought | Question}} about {{company}}, {{first_name}}',
  body: `{{RANDOM | Hi | Hello | Hey}} {{first_name|there}},

{{#if city}}I noticed {{company}} has been growing its team in {{city}}{{else}}I noticed {{company}} is growing{{/if}} this year, and I
wondered how you handle outreach while hiring. We help teams like {{company}} book more meetings from the same
lists, {{RANDOM | without more tools | with no new tools | with nothing new}} to learn{{#if department}} and without changing how {{department}} works{{/if}}.

{{#unless title}}Would it be worth a short call next week?{{else}}Would a short call help, as {{title}}?{{/unless}} If this is
not for you, who at {{company}} should I ask instead? {{RANDOM | Either way, thanks | Thanks | Thank you}} for reading.

{{#if first_name}}Best, {{first_name}}{{else}}Best{{/if}},
{{sendingAccountFirstName}}

{{unsubscribe}}`,
};

const LEADS = 5000;
const leads = Array.from({ length: LEADS }, (_, i) => ({
  id: `0190a0b0-0000-4000-8000-${String(i).padStart(12, '0')}`,
  vars: {
    first_name: ['Ada', 'Grace', 'Alan', ''][i % 4]!,
    company: `Company ${i}`,
    ...(i % 3 ? { city: 'Lisbon' } : {}),
    ...(i % 2 ? { department: 'Sales', title: 'Head of Sales' } : {}),
  },
}));
const inbox = { fromName: 'Sam Lee', signature: 'Sam Lee\nSender Inc' };

/** CPU seconds of this process: the time it ran, not the time other processes of a busy machine took
 *  from it (two cores shared with other work make wall-clock rounds swing by half). */
const cpuSeconds = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

/** Renders the step for every lead as a send does; returns emails per CPU second. */
function stepThroughput(step: { subject: string; body: string }): number {
  const start = cpuSeconds();
  for (const lead of leads) {
    renderEmailText({ vars: lead.vars, inbox, variant: step, thread: null, unsubscribeUrl: 'https://t.example/u/x', seed: spinSeed(lead.id, { position: 1, variant: 1 }) });
  }
  return LEADS / (cpuSeconds() - start);
}

/** The body template alone for every lead; returns renders per CPU second. */
function templateThroughput(step: { body: string }): number {
  const start = cpuSeconds();
  for (const lead of leads) renderTemplate(step.body, lead.vars, { unsubscribeUrl: 'https://t.example/u/x', seed: spinSeed(lead.id, { position: 1, variant: 1 }) });
  return LEADS / (cpuSeconds() - start);
}

export function compareSteps() {
  const rounds = 61;
  const plain: number[] = [];
  const spun: number[] = [];
  const plainTemplate: number[] = [];
  const spunTemplate: number[] = [];
  // Warm-up: both compiled before either is measured.
  for (let i = 0; i < 5; i++) {
    stepThroughput(PLAIN);
    stepThroughput(SPUN);
    templateThroughput(PLAIN);
    templateThroughput(SPUN);
  }
  // In turns, so both see the machine in the same state.
  for (let i = 0; i < rounds; i++) {
    plain.push(stepThroughput(PLAIN));
    spun.push(stepThroughput(SPUN));
    plainTemplate.push(templateThroughput(PLAIN));
    spunTemplate.push(templateThroughput(SPUN));
  }
  const p = median(plain);
  const s = median(spun);
  const pt = median(plainTemplate);
  const st = median(spunTemplate);
  const fields = (t: { subject: string; body: string }) => mergeFieldsOf(t.subject).length + mergeFieldsOf(t.body).length;
  console.log(`Machine: ${machine()}`);
  console.log(
    `\nRendering one step for ${LEADS.toLocaleString('en')} leads (median of ${rounds} rounds in turns, per CPU second):` +
      `\n  plain merge-field step (${PLAIN.subject.length + PLAIN.body.length} characters, ${fields(PLAIN)} fields): ${Math.round(p).toLocaleString('en')} emails/s` +
      `\n  spintax + conditions step (${SPUN.subject.length + SPUN.body.length} characters, ${fields(SPUN)} fields, ${parseTemplate(SPUN.subject).randoms + parseTemplate(SPUN.body).randoms} RANDOM, 4 conditions): ${Math.round(s).toLocaleString('en')} emails/s` +
      `\n  ratio: ${((100 * s) / p).toFixed(1)}% of the plain step's throughput (target at least 90%)` +
      `\n  the body template alone: plain ${Math.round(pt).toLocaleString('en')}/s, spintax + conditions ${Math.round(st).toLocaleString('en')}/s (${((100 * st) / pt).toFixed(1)}%)`,
  );
}

// ---- 2. Pathological templates at the largest sizes ----

const parse = (t: string) => () => void parseTemplate(t);
/** What a request does with a template it has not seen: parse (not the remembered parse), render, list
 *  its merge fields. */
const render = (t: string) => () => {
  const parsed = parseTemplate(t);
  renderTemplate(parsed, vars, { unsubscribeUrl: 'https://t.example/u/x', seed: 'bench' });
  mergeFieldsOf(parsed);
};
const copy = (t: string) => () => checkCopy({ subject: 'Hello', body: t }, { unsubHeader: true });

function pathological() {
  for (const [what, size] of [
    ['step body / one-off', MAX_BODY_CHARS],
    ['saved reply / answer', MAX_ANSWER],
    ['column template', TEMPLATE_MAX],
  ] as const) {
    const plain = 'Hello {{first_name}}, a word about {{company}}. '.repeat(size).slice(0, size);
    const baseParse = medianMs(parse(plain));
    const baseRender = medianMs(render(plain));
    const baseCopy = medianMs(copy(plain));
    console.log(
      `\n${what}, ${size.toLocaleString('en')} characters: plain text parses in ${baseParse.toFixed(2)} ms, parses and renders in ${baseRender.toFixed(2)} ms, copy check ${baseCopy.toFixed(2)} ms`,
    );
    for (const [family, make] of Object.entries(pathologicalTemplates)) {
      const t = make(size);
      const p = medianMs(parse(t));
      const r = medianMs(render(t));
      const c = medianMs(copy(t));
      console.log(
        `  ${family.padEnd(40)} parse ${p.toFixed(2).padStart(6)} ms (${(p / baseParse).toFixed(1)}×)   parse + render ${r.toFixed(2).padStart(6)} ms (${(r / baseRender).toFixed(1)}×)   copy check (parse remembered) ${c.toFixed(2).padStart(6)} ms (${(c / baseCopy).toFixed(1)}×)`,
      );
    }
  }
  const fifty = '{{#if a}}'.repeat(50_000);
  console.log(
    `\n50,000 {{#if a}} (${fifty.length.toLocaleString('en')} characters): parse ${medianMs(parse(fifty)).toFixed(2)} ms, parse + render ${medianMs(render(fifty)).toFixed(2)} ms`,
  );
}

export async function main() {
  compareSteps();
  pathological();
}

runWhenMain(module, main);
