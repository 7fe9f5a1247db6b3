import { useState, type UIEvent } from 'react';
import { Button } from '@/components/ui/button';

/** Rows drawn at first, and drawn more each time the list is scrolled near its end. */
const ROWS_PER_STEP = 100;

/**
 * A file's preview may hold thousands of rows (both CSV imports): they are drawn a hundred at a
 * time as the list scrolls (or "Show more rows" is pressed), so a large file opens at once and
 * every row can still be reached.
 */
export function useRowsDrawn(count: number) {
  const [drawn, setDrawn] = useState(ROWS_PER_STEP);
  const more = () => setDrawn((n) => Math.min(count, n + ROWS_PER_STEP));
  const onScroll = (event: UIEvent<HTMLElement>) => {
    const el = event.currentTarget;
    if (drawn < count && el.scrollTop + el.clientHeight > el.scrollHeight - 600) more();
  };
  return { drawn: Math.min(drawn, count), more, onScroll, left: Math.max(0, count - drawn) };
}

/** The keyboard's way to the rows not drawn yet. */
export function MoreRows({ left, onMore }: { left: number; onMore: () => void }) {
  return (
    <Button variant="outline" size="sm" onClick={onMore}>
      Show more rows ({left.toLocaleString('en-US')} not shown yet)
    </Button>
  );
}
