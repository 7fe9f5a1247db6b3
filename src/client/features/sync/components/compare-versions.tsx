/**
 * A conflict's two versions side by side (issue 33, section 4): what the person recorded
 * offline and what the server has now, for the fields the change would set.
 */

const HIDDEN = new Set(['id', 'updatedAt', 'createdAt', 'organizationId', 'userId', 'propertyId']);

function fieldLabel(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function show(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

export function CompareVersions({ mine, current }: { mine: unknown; current: unknown }) {
  const yours = (mine && typeof mine === 'object' ? mine : {}) as Record<string, unknown>;
  const theirs = (current && typeof current === 'object' ? current : {}) as Record<string, unknown>;
  const fields = Object.keys(yours).filter((key) => !HIDDEN.has(key));
  const versions = [
    { title: 'Yours (recorded offline)', values: yours },
    { title: 'Now on the server', values: theirs },
  ];
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {versions.map((version) => (
        <section key={version.title} aria-label={version.title} className="rounded-lg border bg-slate-50 p-3">
          <h3 className="mb-2 text-sm font-semibold">{version.title}</h3>
          <dl className="space-y-2 text-sm">
            {fields.map((key) => {
              const differs = show(yours[key]) !== show(theirs[key]);
              return (
                <div key={key}>
                  <dt className="text-muted-foreground">{fieldLabel(key)}</dt>
                  <dd className={differs ? 'break-words font-medium' : 'break-words'}>{show(version.values[key])}</dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
