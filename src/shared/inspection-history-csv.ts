import { csvRowsFromCells, type CsvColumns } from './csv-columns';

/**
 * The "Import inspection history" spreadsheet (issue 35 §2): its columns, the headers people
 * write for them, and the template offered for download. The rows read from it are the rows
 * of POST /api/inspection-history/preview and /import (schemas/inspection-history.ts).
 */
export const HISTORY_CSV_REQUIRED_COLUMNS = ['property', 'itemType', 'performedOn', 'result'] as const;
export const HISTORY_CSV_OPTIONAL_COLUMNS = ['activity', 'inspector', 'notes', 'address'] as const;
type HistoryColumn = (typeof HISTORY_CSV_REQUIRED_COLUMNS)[number] | (typeof HISTORY_CSV_OPTIONAL_COLUMNS)[number];

export const HISTORY_CSV_TEMPLATE_FILE_NAME = 'inspection-history-template.csv';

export const HISTORY_CSV_TEMPLATE = [
  'property,itemType,activity,performedOn,result,inspector,notes',
  '"Harbor View Offices, 100 Harbor Way",Fire extinguishers,Annual maintenance,2025-03-14,pass,Alex Rivera,All 12 units tagged',
  '"Harbor View Offices, 100 Harbor Way",Fire extinguishers,Monthly visual inspection,2025-10-02,pass,Alex Rivera,',
  'Maple Street Apartments,Sprinkler system,,2025-01-20,fail,Northside Fire Protection,Valve 3 leaking',
].join('\r\n');

/** The headers people write for each column, squashed (lower case, letters and digits), best first. */
export const HISTORY_CSV_COLUMNS: CsvColumns<HistoryColumn> = {
  required: HISTORY_CSV_REQUIRED_COLUMNS,
  optional: HISTORY_CSV_OPTIONAL_COLUMNS,
  aliases: {
    property: ['property', 'propertyname', 'propertyid', 'building', 'buildingname', 'site', 'name'],
    itemType: ['itemtype', 'safetyitem', 'item', 'type', 'equipment', 'system', 'asset', 'inspectiontype'],
    activity: ['activity', 'requirement', 'task', 'service', 'servicetype', 'inspection'],
    performedOn: ['performedon', 'dateperformed', 'performed', 'date', 'inspectiondate', 'inspectedon', 'lastdone', 'lastdoneon', 'completedon', 'completed', 'servicedate', 'donedate', 'done'],
    result: ['result', 'outcome', 'passfail', 'status', 'compliance'],
    inspector: ['inspector', 'inspectorname', 'inspectedby', 'technician', 'tech', 'performedby', 'contractor', 'company'],
    notes: ['notes', 'note', 'comments', 'comment', 'remarks'],
    /** A property's address in a column of its own: joined to its name ("name, address"). */
    address: ['address', 'propertyaddress', 'addressline1', 'streetaddress', 'street'],
  },
};

/** Rows keyed as the API takes them; an address column joins the name as "name, address". */
export function historyRowsFromCells(cells: string[][]): { rows: Record<string, string>[]; error?: string } {
  const { rows, error } = csvRowsFromCells(HISTORY_CSV_COLUMNS, cells);
  if (error) return { rows, error };
  return {
    rows: rows.map(({ address, ...row }) => {
      // A property's id stands alone; a name is told apart from another by its address.
      const property = row.property ?? '';
      if (!address || property === '' || /^\d+$/.test(property)) return row;
      return { ...row, property: `${property}, ${address}` };
    }),
  };
}
