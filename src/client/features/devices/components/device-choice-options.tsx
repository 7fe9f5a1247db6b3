import { INSPECTION_TYPES, type InspectionType } from '@shared/enums';
import { itemLabel, subtypeOptions } from './device-text';

/** The safety item choices of a device form: the property's own items first, then the rest. */
export function ItemTypeOptions({ present }: { present: readonly InspectionType[] }) {
  const others = INSPECTION_TYPES.filter((type) => !present.includes(type));
  return (
    <>
      <option value="">Select a safety item</option>
      {present.length ? (
        <optgroup label="This property's safety items">
          {present.map((type) => (
            <option key={type} value={type}>
              {itemLabel(type)}
            </option>
          ))}
        </optgroup>
      ) : null}
      <optgroup label={present.length ? 'Other safety items' : 'Safety items'}>
        {others.map((type) => (
          <option key={type} value={type}>
            {itemLabel(type)}
          </option>
        ))}
      </optgroup>
    </>
  );
}

/** The subtype choices of an item (its subtype question's options), with "Not given" first. */
export function SubtypeOptions({ itemType }: { itemType: InspectionType | '' }) {
  return (
    <>
      <option value="">Not given</option>
      {subtypeOptions(itemType).map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </>
  );
}
