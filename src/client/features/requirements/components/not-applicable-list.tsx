import type { Requirement } from '@shared/schemas/requirement';
import { intervalAndSource } from './requirement-text';

/**
 * Requirements the answers about the item rule out (or a change of code set left behind), folded
 * under "Does not apply here", each with the answer or change that ruled it out. They keep their history; changing the answers brings them back.
 */
export function NotApplicableList({ requirements }: { requirements: Requirement[] }) {
  if (requirements.length === 0) return null;
  return (
    <details className="rounded-md border px-3 py-2 text-sm">
      <summary className="cursor-pointer font-medium">Does not apply here ({requirements.length})</summary>
      <ul className="mt-2 space-y-2">
        {requirements.map((requirement) => {
          // Newest first: the answer that ruled it out, or the change of code set that left it behind.
          const why = requirement.changes.find((c) => c.kind === 'not_applicable' || c.kind === 'code_set_changed');
          return (
            <li key={requirement.id}>
              <span className="font-medium">{requirement.activity}</span>{' '}
              <span className="text-muted-foreground">({intervalAndSource(requirement)})</span>
              {why ? <p className="text-muted-foreground">{why.detail}</p> : null}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
