// Rendering a template for one lead (README.md; api.md Conventions, decisions.md §11). Rules:
// - `{{name}}` inserts a lead field; `{{name|fallback}}` inserts the fallback when the field is missing or
//   blank; whitespace inside the braces and around the pipe is ignored (`{{ name | there }}`). Names
//   match as field-names.ts says (exact first, then ignoring case, spaces, underscores and hyphens);
//   reserved names (`unsubscribe`, `sendingAccountFirstName`, `sendingAccountName`) win over lead fields.
// - `{{RANDOM | a | b}}` inserts one option, drawn by spin.ts from `seed`.
// - `{{#if field}}…{{else}}…{{/if}}` renders its first branch when the field (found the same way) is
//   non-blank, else its `{{else}}` branch; `{{#unless field}}…{{/unless}}` the other way round.
// - A field that renders empty without a fallback is reported in `blanks` (merge-check counts them per
//   lead or per inbox by `source`); `{{name|}}` asks for an empty value on purpose and is not reported.
//   A field in a branch not taken is not rendered, so not reported.
// - One pass: inserted values are never scanned again, so a value holding `{{x}}` stays that text.
//   Values are inserted as plain text; the HTML part escapes the whole rendered text (sending/render/html.ts).
// - Anything that is not a well-formed tag (`{{}}`, an unclosed `{{name`), and a broken block tag of a
//   template saved before blocks were checked, is left as written (template-parse.ts).
import { fieldIndex, leadValue, senderValue, type FieldIndex, type SenderFields } from './field-names';
import { seedHashOf, spinIndex } from './spin';
import { parsedTemplate, type NameRef, type ParsedTemplate, type TemplateNode } from './template-parse';

export type { SenderFields } from './field-names';

export interface RenderOptions {
  /** What `{{unsubscribe}}` becomes: the lead's URL, or `{unsubscribe_url}` in a preview. */
  unsubscribeUrl: string;
  /** The sending inbox; null when none is known (its fields then render blank). */
  sender?: SenderFields | null;
  /** Where RANDOM draws from: spinSeed (spin.ts) of the lead and the text's place. */
  seed: string;
  /** Texts of one seed draw apart by stream (an email's subject 1, its body 2); 0 when left out. */
  stream?: number;
}

export interface BlankField {
  /** The name as written in the template (trimmed). */
  field: string;
  source: 'lead' | 'sender';
}

type Vars = Readonly<Record<string, string>>;

// `value.trim() !== ''` without building the trimmed string: \S is what trim keeps.
const NON_BLANK = /\S/;
const filled = (value: string | undefined): value is string => value !== undefined && NON_BLANK.test(value);

/** One render's state: the lead's fields (indexed only if a name is not found exactly), the options, the
 *  blanks so far and the seed's hash (computed only if the template has a RANDOM). The options are copied
 *  into fields of one shape, whatever the caller left out, so the hot path sees one kind of object. */
class Renderer {
  private index: FieldIndex | undefined = undefined;
  private hash = -1;
  private readonly unsubscribeUrl: string;
  private readonly sender: SenderFields | null;
  private readonly seed: string;
  private readonly stream: number;
  readonly blanks = new Map<string, BlankField>();
  text = '';

  constructor(
    private readonly vars: Vars,
    options: RenderOptions,
  ) {
    this.unsubscribeUrl = options.unsubscribeUrl;
    this.sender = options.sender ?? null;
    this.seed = options.seed;
    this.stream = options.stream ?? 0;
  }

  private readonly lookup = () => (this.index ??= fieldIndex(this.vars));

  /** What a name stands for, before any fallback; undefined when nothing. */
  value(ref: NameRef): string | undefined {
    if (ref.source === 'unsubscribe') return this.unsubscribeUrl;
    if (ref.source === 'sender') return this.sender ? senderValue(ref.name, this.sender, ref.key) : undefined;
    return leadValue(this.vars, ref.name, this.lookup, ref.key);
  }

  // Recursion is bounded: the tree is at most MAX_NESTING blocks deep (template-parse.ts).
  render(nodes: readonly TemplateNode[]): void {
    for (const node of nodes) {
      switch (node.kind) {
        case 'text':
          this.text += node.text;
          break;
        case 'field': {
          if (node.name === '') {
            this.text += node.raw;
            break;
          }
          const value = this.value(node.ref);
          if (filled(value)) this.text += value;
          else if (node.fallback !== null) this.text += node.fallback;
          else {
            const { source } = node.ref;
            if (source !== 'unsubscribe') this.blanks.set(`${source}:${node.name}`, { field: node.name, source });
          }
          break;
        }
        case 'random':
          if (this.hash < 0) this.hash = seedHashOf(this.seed);
          this.text += node.options[spinIndex(this.hash, node.ordinal, node.options.length, this.stream)];
          break;
        case 'condition': {
          if (filled(this.value(node.ref)) !== node.unless) this.render(node.then);
          else if (node.otherwise) this.render(node.otherwise);
          break;
        }
      }
    }
  }
}

/** The template (or its parse) rendered for one lead's fields. */
export function renderTemplate(template: string | ParsedTemplate, vars: Vars, options: RenderOptions): { text: string; blanks: BlankField[] } {
  const renderer = new Renderer(vars, options);
  renderer.render(parsedTemplate(template).nodes);
  return { text: renderer.text, blanks: [...renderer.blanks.values()] };
}
