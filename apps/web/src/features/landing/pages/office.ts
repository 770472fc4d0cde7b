// The office shown on the contact and about pages, and on the map.
export const OFFICE = {
  company: 'Lombard S.p.A.',
  street: 'Via Monte di Pietà 1',
  postCode: '20121',
  city: 'Milano',
  province: 'MI',
  phone: '+39 02 8088 4400',
  /** Where the map pin goes (Leaflet); the static map draws the same corner of Milan. */
  position: { lat: 45.47046, lng: 9.19056 },
  zoom: 16,
} as const;
