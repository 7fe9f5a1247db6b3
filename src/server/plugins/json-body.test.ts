import { describe, expect, it } from 'vitest';
import { MAX_INPUT_DEPTH } from '../validation';
import { exceedsDepth } from './json-body';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;

describe('exceedsDepth', () => {
  it('lets the deepest body of ours through and refuses one level more', () => {
    expect(exceedsDepth(nested(MAX_INPUT_DEPTH), MAX_INPUT_DEPTH)).toBe(false);
    expect(exceedsDepth(nested(MAX_INPUT_DEPTH + 1), MAX_INPUT_DEPTH)).toBe(true);
    expect(exceedsDepth(`{"a":${nested(MAX_INPUT_DEPTH, '{"b":', '}')}}`, MAX_INPUT_DEPTH)).toBe(true);
  });

  it('counts siblings, not their sum', () => {
    const rows = `[${Array.from({ length: 1000 }, () => '{"name":"A","city":"B"}').join(',')}]`;
    expect(exceedsDepth(rows, 2)).toBe(false);
  });

  it('ignores brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ notes: `${'['.repeat(500)} "quoted \\" [[[[` });
    expect(exceedsDepth(text, 1)).toBe(false);
    expect(exceedsDepth(JSON.stringify({ a: '\\' }) + '[[[', 2)).toBe(true);
  });
});
