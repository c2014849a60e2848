import { problem } from './console.mjs';

const minimum = [20, 19, 0];

/** Exits when Node is older than the engines field allows: later steps would fail with obscure errors. */
export function requireNodeVersion() {
  const current = process.versions.node.split('.').map(Number);
  for (let i = 0; i < minimum.length; i += 1) {
    if (current[i] > minimum[i]) return;
    if (current[i] < minimum[i]) {
      problem(`Node.js ${minimum.join('.')} or newer is required; this is ${process.versions.node}.`);
      process.exit(1);
    }
  }
}
