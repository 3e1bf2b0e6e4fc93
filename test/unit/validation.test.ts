import { IsString } from 'class-validator';
import { AppError } from '../../src/contracts/errors';
import { Optional, parseInput } from '../../src/contracts/validation/validate-input';
import { IsPlainDate } from '../../src/contracts/validation/rules';

class Sample {
  @IsString() fromName!: string;
  @Optional() @IsPlainDate() startDate?: string;
}

const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: AppError) => `${e.status} ${e.code}`,
  );

describe('parseInput', () => {
  it('maps snake_case keys onto the input class', async () => {
    const input = await parseInput(Sample, { from_name: 'Sam 🚀', start_date: '2026-01-31' });
    expect(input).toMatchObject({ fromName: 'Sam 🚀', startDate: '2026-01-31' });
  });

  it.each([
    ['camelCase key', { fromName: 'x' }],
    ['unknown key', { from_name: 'x', other: 1 }],
    ['NUL character', { from_name: 'a\u0000b' }],
    ['lone high surrogate', { from_name: 'a\ud800b' }],
    ['lone low surrogate', { from_name: '\udc00' }],
    ['NUL inside a nested key', { from_name: 'x', 'a\u0000': 1 }],
    ['wrong type', { from_name: 5 }],
    ['null for a required field', { from_name: null }],
    ['null for an optional non-nullable field', { from_name: 'x', start_date: null }],
    ['impossible date', { from_name: 'x', start_date: '2026-02-30' }],
    ['year 0000', { from_name: 'x', start_date: '0000-01-01' }],
  ])('refuses a %s with 400', async (_label, body) => {
    expect(await code(parseInput(Sample, body))).toBe('400 validation_failed');
  });

  it.each([[null], [[1]], ['text'], [42]])('refuses a non-object body %j with 400 invalid_body', async (body) => {
    expect(await code(parseInput(Sample, body))).toBe('400 invalid_body');
  });
});
