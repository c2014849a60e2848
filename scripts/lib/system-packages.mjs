import { existsSync } from 'node:fs';
import { header, note, problem } from './console.mjs';
import { probe, run } from './run.mjs';

/** Each check names the Debian package that satisfies it. */
const checks = {
  ffmpeg: () => probe('ffmpeg', ['-version']).ok && probe('ffprobe', ['-version']).ok,
  'espeak-ng': () => /\bcmn-latn-pinyin\b/.test(probe('espeak-ng', ['--voices=cmn']).stdout),
  'fonts-noto-cjk': () =>
    /Noto (Sans|Serif) CJK/i.test(probe('fc-list', [':lang=zh', 'family']).stdout) ||
    probe('dpkg-query', ['-W', '-f=${Status}', 'fonts-noto-cjk']).stdout.includes('install ok installed'),
  'yt-dlp': () => probe('yt-dlp', ['--version']).ok,
  chromium: () => probe('chromium', ['--version']).ok,
};

export const appPackages = ['ffmpeg', 'espeak-ng', 'fonts-noto-cjk', 'yt-dlp'];
export const testPackages = [...appPackages, 'chromium'];

function missingOf(packages) {
  return packages.filter((name) => !checks[name]());
}

/**
 * Installs missing system packages with apt-get when running as root; otherwise prints the one line to run.
 * Returns false when something is still missing.
 */
export async function ensureSystemPackages(packages) {
  header('system packages');
  const missing = missingOf(packages);
  if (missing.length === 0) {
    note(`present: ${packages.join(', ')}`);
    return true;
  }
  note(`missing: ${missing.join(', ')}`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    problem(
      hasApt
        ? 'Install them, then run this command again:'
        : 'Install the equivalents of these Debian packages, then run this command again:',
    );
    console.error(`    sudo apt-get install -y ${missing.join(' ')}`);
    return false;
  }
  if ((await run('apt-get', ['update'])) !== 0) {
    problem('apt-get update failed');
    return false;
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if ((await run('apt-get', ['install', '-y', ...missing], { env })) !== 0) {
    problem(`apt-get install -y ${missing.join(' ')} failed`);
    return false;
  }
  const stillMissing = missingOf(missing);
  if (stillMissing.length > 0) {
    problem(`still missing after install: ${stillMissing.join(', ')}`);
    return false;
  }
  note(`installed: ${missing.join(', ')}`);
  return true;
}
