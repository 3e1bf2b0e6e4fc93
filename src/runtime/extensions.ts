// Extension points: where one area's use case takes contributions from other areas (a refusal of a
// campaign's launch, a lead's timeline entries, what follows a lead import). The area that runs the use
// case declares the point beside it (`extensionPoint<T>(name)`) and reads what was contributed
// (`ctx.deps.extensions.of(point)`); the other areas contribute in their manifest
// (`contributes: [contribute(point, item)]`, src/runtime/app-module.ts). The core knows the mechanism and none of
// the points, so it depends on no module (eslint.config.mjs holds it to that).

/** A typed key: `T` is what one contribution to the point is. Points are told apart by identity. */
export interface ExtensionPoint<T> {
  readonly name: string;
  /** Type only (never set): ties the point to what it takes. */
  readonly contributionType?: T;
}

export function extensionPoint<T>(name: string): ExtensionPoint<T> {
  return Object.freeze({ name });
}

/** One manifest's items for one point. */
export interface Contribution<T = unknown> {
  point: ExtensionPoint<T>;
  items: readonly T[];
}

/** `items` for `point`, typed by the point (an item of another type does not compile). */
export function contribute<T>(point: ExtensionPoint<T>, ...items: NoInfer<T>[]): Contribution<T> {
  return { point, items };
}

/** Every manifest's contributions, per point, in module-list order. */
export class Extensions {
  private readonly byPoint = new Map<ExtensionPoint<unknown>, unknown[]>();

  constructor(contributions: readonly Contribution[] = []) {
    for (const c of contributions) {
      const items = this.byPoint.get(c.point) ?? [];
      items.push(...c.items);
      this.byPoint.set(c.point, items);
    }
  }

  /** What the manifests contributed to `point`, in their order; none is an empty list, and the use case
   *  runs without (a service started without the contributing area). */
  of<T>(point: ExtensionPoint<T>): readonly T[] {
    return (this.byPoint.get(point) ?? []) as T[];
  }

  /** Calls every hook contributed to `point` with `args`, one after the other in module order; the first
   *  that throws stops the rest (hooks that run inside the caller's transaction fail it). */
  async runEach<A extends unknown[]>(point: ExtensionPoint<(...args: A) => Promise<void>>, ...args: A): Promise<void> {
    for (const hook of this.of(point)) await hook(...args);
  }
}
