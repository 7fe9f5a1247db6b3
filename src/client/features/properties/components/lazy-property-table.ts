import type { ComponentProps } from 'react';
import { lazyComponent } from '@/lib/lazy-component';
import { MD_UP } from '@/lib/use-media-query';
import type { PropertyTable as Table } from './property-table';

// Only a screen at least md wide shows the properties as a table; a phone shows cards. The
// table's row menus bring Radix's menu and floating-ui (about 25 KB), so a phone does not
// download it, and a wide screen loads it with the page (routes.tsx), so the first screen is
// drawn with the table.
const propertyTable = lazyComponent<ComponentProps<typeof Table>>(() => import('./property-table').then((m) => ({ default: m.PropertyTable })), 'PropertyTable');

export const PropertyTable = propertyTable.Component;

export function loadPropertyTableIfWide(): Promise<unknown> {
  return window.matchMedia(MD_UP).matches ? propertyTable.load() : Promise.resolve();
}
