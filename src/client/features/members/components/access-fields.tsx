import { useId, useState } from 'react';
import { LIMITABLE_ROLES, ROLE_DESCRIPTIONS, ROLE_LABELS, ROLES, type Role } from '@shared/permissions';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { LoadingState } from '@/components/ui/spinner';
import { usePropertyOptions } from '@/features/properties/api/use-property-options';

export interface Access {
  role: Role;
  /** Null for all properties. */
  propertyIds: number[] | null;
}

interface AccessFieldsProps {
  value: Access;
  onChange: (value: Access) => void;
  /** Roles that may be chosen (owners are offered to owners only). */
  roles: readonly Role[];
  errors: { role?: string; propertyIds?: string };
}

/** A role and, for managers, inspectors and viewers, all properties or those ticked. */
export function AccessFields({ value, onChange, roles, errors }: AccessFieldsProps) {
  const limitable = LIMITABLE_ROLES.includes(value.role);
  const setRole = (role: Role) =>
    onChange({ role, propertyIds: LIMITABLE_ROLES.includes(role) ? value.propertyIds : null });
  return (
    <div className="space-y-4">
      <FormField label="Role" error={errors.role} hint={ROLE_DESCRIPTIONS[value.role]}>
        {(control) => (
          <Select {...control} value={value.role} onChange={(event) => setRole(event.target.value as Role)}>
            {ROLES.filter((role) => roles.includes(role)).map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      {limitable ? <PropertyChooser value={value.propertyIds} onChange={(propertyIds) => onChange({ ...value, propertyIds })} error={errors.propertyIds} /> : (
        <p className="text-sm text-muted-foreground">Owners and admins always have all properties.</p>
      )}
    </div>
  );
}

function PropertyChooser({ value, onChange, error }: { value: number[] | null; onChange: (ids: number[] | null) => void; error?: string }) {
  const name = useId();
  const errorId = `${name}-error`;
  const [search, setSearch] = useState('');
  const chosen = value !== null;
  const options = usePropertyOptions(search, chosen);
  const ticked = new Set(value ?? []);
  const toggle = (id: number) => {
    const next = new Set(ticked);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    onChange([...next].sort((a, b) => a - b));
  };
  return (
    <fieldset className="space-y-2" aria-describedby={error ? errorId : undefined}>
      <legend className="text-sm font-medium">Properties</legend>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={name} checked={!chosen} onChange={() => onChange(null)} className="size-4" />
        All properties, including those added later
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input type="radio" name={name} checked={chosen} onChange={() => onChange(value ?? [])} className="size-4" />
        Only the properties chosen below
      </label>
      {chosen ? (
        <div className="space-y-2 rounded-md border p-3">
          <Input type="search" aria-label="Search properties" placeholder="Search properties" value={search} onChange={(event) => setSearch(event.target.value)} />
          {options.isPending ? (
            <LoadingState message="Loading properties..." className="py-3" />
          ) : options.isError ? (
            <p className="text-sm text-destructive">Could not load the properties. Check your connection and try again.</p>
          ) : options.options.length === 0 ? (
            <p className="text-sm text-muted-foreground">{search ? 'No property matches this search.' : 'This organisation has no properties yet.'}</p>
          ) : (
            <ul className="max-h-56 space-y-1 overflow-y-auto" aria-label="Properties to give">
              {options.options.map((property) => (
                <li key={property.id}>
                  <label className="flex items-center gap-2 break-words text-sm">
                    <input type="checkbox" checked={ticked.has(property.id)} onChange={() => toggle(property.id)} className="size-4 shrink-0" />
                    {property.name}
                  </label>
                </li>
              ))}
            </ul>
          )}
          {options.truncated ? <p className="text-xs text-muted-foreground">Showing the first {options.options.length} of {options.total}; search to find others.</p> : null}
          <p className="text-xs text-muted-foreground" aria-live="polite">
            {ticked.size === 0 ? 'No property chosen yet.' : `${ticked.size} ${ticked.size === 1 ? 'property' : 'properties'} chosen.`}
          </p>
        </div>
      ) : null}
      {error ? (
        <p id={errorId} role="alert" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
