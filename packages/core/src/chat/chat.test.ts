import { describe, expect, it } from 'vitest';
import { CHAT_ROOM_RATE_LIMITS, checkRate, longestWindow } from './rate-limit.ts';
import { chatRoomText, plainMessageText } from './text.ts';

describe('chatRoomText', () => {
  it.each([
    ['hello  world', 'hello world'],
    ['<b>bold</b> move', 'bold move'],
    ['<script>alert(1)</script>hi', 'alert(1) hi'],
    ['see https://evil.example/x now', 'see now'],
    ['go to www.scam.io please', 'go to please'],
    ['visit scam-site.com/login', 'visit'],
    ['join t.me/pump_group', 'join'],
    ['mailto:a@b.c write', 'write'],
    ['line\nbreaks\n\nhere', 'line breaks here'],
    ['BTC to 100k? 1.5x leverage', 'BTC to 100k? 1.5x leverage'],
    ['a\u202eb\u0000c', 'abc'],
    ['<<>>', ''],
    ['   ', ''],
    ['比特币 要涨了', '比特币 要涨了'],
  ])('%j becomes %j', (input, expected) => {
    expect(chatRoomText(input)).toBe(expected);
  });
});

describe('plainMessageText', () => {
  it.each([
    ['  my deposit <i>is</i> late  ', 'my deposit is late'],
    ['keeps https://help.example/a links', 'keeps https://help.example/a links'],
    ['two\n\n\n\nparagraphs', 'two\n\nparagraphs'],
    ['tab\t\tand\u0007bell', 'tab andbell'],
  ])('%j becomes %j', (input, expected) => {
    expect(plainMessageText(input)).toBe(expected);
  });
});

describe('checkRate', () => {
  const now = 1_000_000;
  it.each([
    ['no earlier posts', [], { allowed: true }],
    ['last post 3 s ago', [now - 3_000], { allowed: true }],
    ['last post 1 s ago', [now - 1_000], { allowed: false, retryAt: now + 2_000 }],
    ['ten posts in the last minute, the oldest 50 s ago', Array.from({ length: 10 }, (_, index) => now - 50_000 + index * 5_000), { allowed: false, retryAt: now + 10_000 }],
    ['nine posts in the last minute', Array.from({ length: 9 }, (_, index) => now - 50_000 + index * 5_000), { allowed: true }],
    ['sixty posts in the hour', Array.from({ length: 60 }, (_, index) => now - 3_500_000 + index * 58_000), { allowed: false, retryAt: now + 100_000 }],
    ['posts from the future are ignored', [now + 5_000], { allowed: true }],
  ])('%s', (_, recent, expected) => {
    expect(checkRate(recent, now, CHAT_ROOM_RATE_LIMITS)).toEqual(expected);
  });

  it('looks back as far as the longest window', () => {
    expect(longestWindow(CHAT_ROOM_RATE_LIMITS)).toBe(3_600_000);
  });
});
