import { COUNTRY_LABELS, type Country } from '@shared/enums';

interface Address {
  addressLine1: string;
  addressLine2: string | null;
  city: string;
  state: string;
  zip: string;
  country: Country;
}

/** A property's address as it is written on an envelope; the country only where asked. */
export function AddressLines({ address, withCountry = false }: { address: Address; withCountry?: boolean }) {
  return (
    <>
      {address.addressLine1}
      {address.addressLine2 ? (
        <>
          <br />
          {address.addressLine2}
        </>
      ) : null}
      <br />
      {address.city}, {address.state} {address.zip}
      {withCountry ? (
        <>
          <br />
          {COUNTRY_LABELS[address.country] ?? address.country}
        </>
      ) : null}
    </>
  );
}
