// Plain, greppable progress lines: a CI log should show at a glance which step failed.
export function header(title) {
  console.log(`\n==> ${title}`);
}

export function note(message) {
  console.log(`    ${message}`);
}

export function problem(message) {
  console.error(`!!  ${message}`);
}
