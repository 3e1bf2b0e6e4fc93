// The sending engine's scheduling core: pure functions of (state, now). See ../README.md.
export * from './zones';
export * from './window';
export * from './clicks';
export * from './due';
export * from './gap';
export * from './caps';
export * from './sender';
export * from './plan';
export * from './sending-status';
export * from './forecast';
