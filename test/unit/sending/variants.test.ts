// chooseVariant: enabled variants only, the lead's own number kept, even shares, then the A/B winner.
import { chooseVariant, enabledVariants, type VariantStats } from '../../../src/modules/sending/engine/variants';

const v = (enabled = true) => ({ subject: 's', body: 'b', enabled });
const noAb = { metric: null, after: 0 } as const;
const stats = (...rows: [number, number, number][]): VariantStats[] => rows.map(([variant, sent, hits]) => ({ variant, sent, hits }));

it('numbers variants from 1 and counts only enabled ones', () => {
  expect(enabledVariants([v(), v(false), v()])).toEqual([1, 3]);
  expect(chooseVariant([v(false), v(false)], null, [], noAb)).toBeNull();
});

it('shares new leads out evenly, fewest sends first, lowest number on a tie', () => {
  expect(chooseVariant([v(), v(), v()], null, stats([1, 3, 0], [2, 2, 0], [3, 2, 0]), noAb)).toBe(2);
  expect(chooseVariant([v(), v()], null, [], noAb)).toBe(1);
});

it("keeps the lead's variant while it is enabled, else moves it to an enabled one", () => {
  expect(chooseVariant([v(), v()], 2, stats([1, 0, 0], [2, 9, 0]), noAb)).toBe(2);
  expect(chooseVariant([v(), v(false), v()], 2, stats([1, 5, 0], [3, 1, 0]), noAb)).toBe(3);
  // A follow-up step with fewer variants than the first: the missing number is not kept.
  expect(chooseVariant([v()], 3, [], noAb)).toBe(1);
});

it('takes the best rate on the metric once the step has abOptimizeAfter sends', () => {
  const ab = { metric: 'reply', after: 20 } as const;
  const split = stats([1, 10, 1], [2, 10, 3]);
  expect(chooseVariant([v(), v()], null, split, ab)).toBe(2);
  // Before the threshold the shares stay even.
  expect(chooseVariant([v(), v()], null, stats([1, 9, 1], [2, 10, 3]), ab)).toBe(1);
  // A disabled winner is never chosen.
  expect(chooseVariant([v(), v(false), v()], null, stats([1, 10, 1], [2, 10, 9], [3, 10, 2]), ab)).toBe(3);
  // The winner applies to new choices only: a lead keeps its own enabled variant.
  expect(chooseVariant([v(), v()], 1, split, ab)).toBe(1);
});
