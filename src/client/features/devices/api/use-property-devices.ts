import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { propertyDevicesOptions, type DeviceListFilters } from './device-queries';

/** A property's devices in walking order (item type, building, floor), filtered on the server. */
export function usePropertyDevices(propertyId: number, filters: DeviceListFilters) {
  // A new filter keeps the last list on screen until its own arrives, so nothing blinks.
  return useQuery({ ...propertyDevicesOptions(propertyId, filters), placeholderData: keepPreviousData });
}
