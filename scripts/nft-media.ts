import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { launchChromium } from './lib/chromium.ts';

/**
 * Generates the NFT seed media in data/public/nft/: the artworks are made
 * for this project by this script, so the repository holds no third-party
 * art. Pictures are SVG, animations GIF (an encoder below: literal LZW
 * codes, which every decoder reads), sounds 8 kHz WAV, and videos WebM
 * recorded from a canvas by the system's chromium (no ffmpeg here).
 * Deterministic except for the WebM encoder's own bytes.
 *
 *   pnpm exec tsx scripts/nft-media.ts
 */

const OUT = join(import.meta.dirname, '..', 'data', 'public', 'nft');
const PER_COLLECTION = 10;

/** A small deterministic generator (mulberry32), so each artwork looks the same every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const hue = (next: () => number) => Math.floor(next() * 360);

function imageSvg(index: number): string {
  const next = random(1000 + index);
  const base = hue(next);
  const shapes: string[] = [];
  for (let i = 0; i < 14; i += 1) {
    const x = Math.floor(next() * 320);
    const y = Math.floor(next() * 320);
    const r = 10 + Math.floor(next() * 70);
    const h = (base + Math.floor(next() * 120)) % 360;
    shapes.push(i % 3 === 0 ? `<rect x="${x - r}" y="${y - r}" width="${r * 2}" height="${r}" rx="6" fill="hsl(${h},80%,60%)" opacity="0.7" transform="rotate(${Math.floor(next() * 90)} ${x} ${y})"/>` : `<circle cx="${x}" cy="${y}" r="${r}" fill="hsl(${h},85%,55%)" opacity="0.65"/>`);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(${base},60%,12%)"/><stop offset="1" stop-color="hsl(${(base + 60) % 360},70%,25%)"/></linearGradient></defs><rect width="320" height="320" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

/** A still for lists of sounds and videos: a waveform or a film frame with the artwork's number. */
function coverSvg(kind: 'audio' | 'video', index: number): string {
  const next = random(5000 + index);
  const base = hue(next);
  const bars = Array.from({ length: 28 }, (_, i) => {
    const height = 20 + Math.floor(next() * 160);
    return `<rect x="${22 + i * 10}" y="${160 - height / 2}" width="6" height="${height}" rx="3" fill="hsl(${(base + i * 4) % 360},80%,62%)"/>`;
  }).join('');
  const film = `<rect x="40" y="70" width="240" height="180" rx="12" fill="hsl(${base},50%,30%)"/><polygon points="140,120 140,200 205,160" fill="#f2f2f2"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320"><rect width="320" height="320" fill="hsl(${base},40%,10%)"/>${kind === 'audio' ? bars : film}<text x="300" y="300" font-family="Arial,Helvetica,sans-serif" font-size="18" fill="#d4ba83" text-anchor="end">#${index + 1}</text></svg>`;
}

function avatarSvg(index: number): string {
  const next = random(9000 + index);
  const base = hue(next);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="hsl(${base},55%,35%)"/><circle cx="48" cy="38" r="18" fill="hsl(${(base + 180) % 360},70%,70%)"/><rect x="20" y="62" width="56" height="26" rx="13" fill="hsl(${(base + 180) % 360},70%,70%)"/></svg>`;
}

// ---- GIF -------------------------------------------------------------------

const GIF_SIZE = 48;
const GIF_FRAMES = 8;
const PALETTE_BITS = 7;
const CLEAR = 1 << PALETTE_BITS;
const END = CLEAR + 1;
/** Literal codes stay 8 bits wide as long as a clear code comes before the table would reach 256 entries. */
const LITERALS_PER_CLEAR = 126;

function lzwLiterals(pixels: Uint8Array): Buffer {
  const codeWidth = PALETTE_BITS + 1;
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  const emit = (code: number) => {
    buffer |= code << bits;
    bits += codeWidth;
    while (bits >= 8) {
      bytes.push(buffer & 0xff);
      buffer >>= 8;
      bits -= 8;
    }
  };
  for (let i = 0; i < pixels.length; i += 1) {
    if (i % LITERALS_PER_CLEAR === 0) emit(CLEAR);
    emit(pixels[i] as number);
  }
  emit(END);
  if (bits > 0) bytes.push(buffer & 0xff);
  const blocks: number[] = [PALETTE_BITS];
  for (let i = 0; i < bytes.length; i += 255) {
    const chunk = bytes.slice(i, i + 255);
    blocks.push(chunk.length, ...chunk);
  }
  blocks.push(0);
  return Buffer.from(blocks);
}

function hslToRgb(h: number, s: number, l: number): [number, number, number] {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + h / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

function gif(index: number): Buffer {
  const next = random(3000 + index);
  const base = hue(next);
  const palette = Buffer.alloc(3 * CLEAR);
  for (let i = 0; i < CLEAR; i += 1) palette.set(hslToRgb((base + i * 2.5) % 360, 0.75, 0.15 + (i / CLEAR) * 0.55), i * 3);
  const waves = 2 + Math.floor(next() * 4);
  const header = Buffer.alloc(13);
  header.write('GIF89a', 0, 'ascii');
  header.writeUInt16LE(GIF_SIZE, 6);
  header.writeUInt16LE(GIF_SIZE, 8);
  header[10] = 0x80 | ((PALETTE_BITS - 1) << 4) | (PALETTE_BITS - 1);
  const loop = Buffer.from([0x21, 0xff, 0x0b, ...Buffer.from('NETSCAPE2.0', 'ascii'), 0x03, 0x01, 0x00, 0x00, 0x00]);
  const frames: Buffer[] = [];
  for (let frame = 0; frame < GIF_FRAMES; frame += 1) {
    const pixels = new Uint8Array(GIF_SIZE * GIF_SIZE);
    const phase = (frame / GIF_FRAMES) * Math.PI * 2;
    for (let y = 0; y < GIF_SIZE; y += 1) {
      for (let x = 0; x < GIF_SIZE; x += 1) {
        const value = Math.sin((x / GIF_SIZE) * waves * Math.PI + phase) + Math.cos((y / GIF_SIZE) * waves * Math.PI - phase) + Math.sin(((x + y) / GIF_SIZE) * Math.PI * 2 + phase * 2);
        pixels[y * GIF_SIZE + x] = Math.max(0, Math.min(CLEAR - 1, Math.floor(((value + 3) / 6) * CLEAR)));
      }
    }
    const control = Buffer.from([0x21, 0xf9, 0x04, 0x00, 12, 0x00, 0x00, 0x00]);
    const descriptor = Buffer.alloc(10);
    descriptor[0] = 0x2c;
    descriptor.writeUInt16LE(GIF_SIZE, 5);
    descriptor.writeUInt16LE(GIF_SIZE, 7);
    frames.push(control, descriptor, lzwLiterals(pixels));
  }
  return Buffer.concat([header, palette, loop, ...frames, Buffer.from([0x3b])]);
}

// ---- WAV -------------------------------------------------------------------

const SAMPLE_RATE = 8000;

/** A short phrase of notes from a pentatonic scale, 8-bit mono. */
function wav(index: number): Buffer {
  const next = random(7000 + index);
  const scale = [0, 2, 4, 7, 9, 12, 14];
  const root = 220 * 2 ** (Math.floor(next() * 7) / 12);
  const notes = Array.from({ length: 6 }, () => root * 2 ** ((scale[Math.floor(next() * scale.length)] as number) / 12));
  const noteSamples = Math.floor(SAMPLE_RATE * 0.25);
  const data = Buffer.alloc(notes.length * noteSamples);
  notes.forEach((frequency, n) => {
    for (let i = 0; i < noteSamples; i += 1) {
      const envelope = Math.min(1, i / 200) * (1 - i / noteSamples);
      const t = i / SAMPLE_RATE;
      const sample = Math.sin(2 * Math.PI * frequency * t) * 0.6 + Math.sin(4 * Math.PI * frequency * t) * 0.2;
      data[n * noteSamples + i] = Math.round(128 + 100 * envelope * sample);
    }
  });
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(1, 22);
  header.writeUInt32LE(SAMPLE_RATE, 24);
  header.writeUInt32LE(SAMPLE_RATE, 28);
  header.writeUInt16LE(1, 32);
  header.writeUInt16LE(8, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// ---- WebM (recorded by chromium) -------------------------------------------

async function webms(count: number): Promise<Buffer[]> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const videos: Buffer[] = [];
    for (let index = 0; index < count; index += 1) {
      // Sent as source text: the bundler's helpers (e.g. __name) do not exist in the page.
      const base64 = (await page.evaluate(`(async (seed) => {
        const canvas = document.createElement('canvas');
        canvas.width = 160;
        canvas.height = 160;
        const context = canvas.getContext('2d');
        const recorder = new MediaRecorder(canvas.captureStream(20), { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 120_000 });
        const chunks = [];
        recorder.ondataavailable = (event) => chunks.push(event.data);
        const stopped = new Promise((resolve) => {
          recorder.onstop = resolve;
        });
        recorder.start();
        const started = performance.now();
        const hueBase = (seed * 67) % 360;
        await new Promise((resolve) => {
          const draw = () => {
            const t = (performance.now() - started) / 1000;
            context.fillStyle = \`hsl(\${hueBase},40%,10%)\`;
            context.fillRect(0, 0, 160, 160);
            for (let i = 0; i < 6; i += 1) {
              context.strokeStyle = \`hsl(\${(hueBase + i * 30) % 360},80%,60%)\`;
              context.lineWidth = 4;
              context.beginPath();
              for (let x = 0; x <= 160; x += 8) {
                const y = 80 + Math.sin(x / 20 + t * (2 + i * 0.5) + seed) * (20 + i * 8);
                if (x === 0) context.moveTo(x, y);
                else context.lineTo(x, y);
              }
              context.stroke();
            }
            if (t < 2) requestAnimationFrame(draw);
            else resolve();
          };
          draw();
        });
        recorder.stop();
        await stopped;
        const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
        let binary = '';
        for (const byte of bytes) binary += String.fromCharCode(byte);
        return btoa(binary);
      })(${index + 1})`)) as string;
      videos.push(Buffer.from(base64, 'base64'));
    }
    return videos;
  } finally {
    await browser.close();
  }
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const write = (name: string, content: string | Buffer) => writeFileSync(join(OUT, name), content);
  for (let i = 0; i < PER_COLLECTION; i += 1) {
    write(`image-${i + 1}.svg`, imageSvg(i));
    write(`gif-${i + 1}.gif`, gif(i));
    write(`audio-${i + 1}.wav`, wav(i));
    write(`audio-${i + 1}.svg`, coverSvg('audio', i));
    write(`video-${i + 1}.svg`, coverSvg('video', i));
  }
  for (let i = 0; i < 6; i += 1) write(`artist-${i + 1}.svg`, avatarSvg(i));
  const videos = await webms(PER_COLLECTION);
  for (const [i, video] of videos.entries()) write(`video-${i + 1}.webm`, video);
  console.log(`wrote ${PER_COLLECTION * 6 + 6} files to ${OUT}`);
}

await main();
