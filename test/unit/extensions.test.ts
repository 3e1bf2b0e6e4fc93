// The extension points (src/runtime/extensions.ts): a use case reads what every manifest contributed to its
// point, in module order; a point nobody contributed to reads as empty; points are told apart by
// identity, not by name; and an item of the wrong type does not compile (checked by `npm run typecheck`).
import { collectModules, type AppModule } from '../../src/runtime/app-module';
import { contribute, extensionPoint, Extensions } from '../../src/runtime/extensions';

type Greeter = (name: string) => string;
const GREETERS = extensionPoint<Greeter>('greeters');
const COUNTS = extensionPoint<number>('counts');

const area = (name: string, contributes: AppModule['contributes']): AppModule => ({ name, description: name, contributes });

it('gathers each point’s items from every manifest, in module order', () => {
  const { extensions } = collectModules([
    area('a', [contribute(GREETERS, (n) => `hi ${n}`), contribute(COUNTS, 1, 2)]),
    area('b', []),
    area('c', [contribute(COUNTS, 3), contribute(GREETERS, (n) => `hello ${n}`)]),
  ]);
  expect(extensions.of(GREETERS).map((g) => g('Ada'))).toEqual(['hi Ada', 'hello Ada']);
  expect(extensions.of(COUNTS)).toEqual([1, 2, 3]);
});

it('reads an empty list for a point nobody contributed to, and tells points of one name apart', () => {
  const twin = extensionPoint<number>('counts');
  const extensions = new Extensions([contribute(COUNTS, 7)]);
  expect(extensions.of(twin)).toEqual([]);
  expect(extensions.of(COUNTS)).toEqual([7]);
  expect(collectModules([]).extensions.of(GREETERS)).toEqual([]);
});

it('types an item by its point', () => {
  // @ts-expect-error a number is not a Greeter
  contribute(GREETERS, 42);
  // @ts-expect-error a Greeter is not a number
  contribute(COUNTS, (n: string) => n);
  expect(contribute(COUNTS, 1).items).toEqual([1]);
});
