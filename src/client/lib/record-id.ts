/** A record's id from the URL (`/properties/:id`), or undefined when it cannot be one: not digits, 0, or past PostgreSQL's integer. */
export function recordIdFromUrl(value: string | undefined): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}
