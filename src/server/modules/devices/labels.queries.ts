import { sql } from 'drizzle-orm';
import type { InspectionType } from '@shared/enums';
import type { DbOrTx } from '../../db/client';
import { walkingOrderSql } from './walking-order.sql';

export type LabelDeviceRow = {
  id: number;
  tag: string;
  itemType: InspectionType;
  subtype: string | null;
  rating: string | null;
  building: string | null;
  floor: string | null;
  room: string | null;
  description: string | null;
  propertyName: string;
};

/**
 * The devices of one property of the organisation among `ids`, in walking order (the order
 * the labels are stuck on). A device of another property or organisation is simply absent.
 */
export async function devicesForLabels(db: DbOrTx, organizationId: number, propertyId: number, ids: readonly number[]): Promise<LabelDeviceRow[]> {
  const result = await db.execute<LabelDeviceRow>(sql`
    select d.id, d.tag, d.item_type as "itemType", d.subtype, d.rating, d.building, d.floor, d.room,
      d.location_description as description, p.name as "propertyName"
    from devices d
    join properties p on p.id = d.property_id and p.organization_id = d.organization_id
    where d.organization_id = ${organizationId} and d.property_id = ${propertyId}
      and d.id = any(${`{${ids.join(',')}}`}::int[])
    order by d.item_type, ${walkingOrderSql('d')}`);
  return result.rows;
}
