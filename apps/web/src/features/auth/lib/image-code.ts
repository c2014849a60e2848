import { CAPTCHA_LENGTH } from '@app/contract';

/** Characters that cannot be confused with each other (no 0/O, 1/l/I). */
export const IMAGE_CODE_POOL = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghjkmnpqrstuvwxyz23456789';
export const IMAGE_CODE_SIZE = { width: 120, height: 40 } as const;

export function makeImageCode(random: () => number = Math.random): string {
  let code = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++)
    code += IMAGE_CODE_POOL[Math.floor(random() * IMAGE_CODE_POOL.length)] ?? 'A';
  return code;
}

/** Case does not matter; surrounding spaces do not either. */
export function imageCodeMatches(input: string, code: string): boolean {
  return input.trim().toLowerCase() === code.toLowerCase();
}

const colour = (random: () => number, min: number, max: number) => {
  const c = () => Math.floor(min + random() * (max - min));
  return `rgb(${c()},${c()},${c()})`;
};

/** Draws the code with rotated letters, lines and dots on a 120x40 canvas. */
export function drawImageCode(ctx: CanvasRenderingContext2D, code: string, random: () => number = Math.random): void {
  const { width, height } = IMAGE_CODE_SIZE;
  ctx.fillStyle = colour(random, 200, 245);
  ctx.fillRect(0, 0, width, height);
  ctx.textBaseline = 'middle';
  [...code].forEach((char, i) => {
    ctx.save();
    ctx.font = `bold ${22 + Math.floor(random() * 8)}px sans-serif`;
    ctx.fillStyle = colour(random, 30, 150);
    ctx.translate(14 + i * 27, height / 2);
    ctx.rotate(((random() - 0.5) * Math.PI) / 5);
    ctx.fillText(char, -8, 0);
    ctx.restore();
  });
  for (let i = 0; i < 4; i++) {
    ctx.strokeStyle = colour(random, 40, 200);
    ctx.beginPath();
    ctx.moveTo(random() * width, random() * height);
    ctx.lineTo(random() * width, random() * height);
    ctx.stroke();
  }
  for (let i = 0; i < 30; i++) {
    ctx.fillStyle = colour(random, 0, 255);
    ctx.beginPath();
    ctx.arc(random() * width, random() * height, 1, 0, 2 * Math.PI);
    ctx.fill();
  }
}
