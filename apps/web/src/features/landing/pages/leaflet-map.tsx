// The interactive map, only when the operator configured a tile server (globalConfig.map.tile_url):
// Leaflet and its stylesheet are this chunk's own, so nobody else downloads them.
import 'leaflet/dist/leaflet.css';
import { Box } from '@mantine/core';
import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { OFFICE } from './office';

interface Props {
  tileUrl: string;
  attribution: string | null;
  title: string;
}

export function LeafletMap({ tileUrl, attribution, title }: Props) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!container.current) return;
    const map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true }).setView(
      [OFFICE.position.lat, OFFICE.position.lng],
      OFFICE.zoom,
    );
    L.tileLayer(tileUrl, { maxZoom: 19, ...(attribution ? { attribution } : {}) }).addTo(map);
    // A CSS pin instead of Leaflet's default PNG marker, whose image URLs a bundler cannot resolve.
    const icon = L.divIcon({
      className: '',
      html: '<span style="display:block;width:22px;height:22px;border-radius:50% 50% 50% 0;background:#0b3d91;border:3px solid #fff;transform:rotate(-45deg);box-shadow:0 2px 6px rgba(0,0,0,.35)"></span>',
      iconSize: [22, 22],
      iconAnchor: [11, 22],
    });
    L.marker([OFFICE.position.lat, OFFICE.position.lng], { icon, title: OFFICE.company, alt: OFFICE.company }).addTo(
      map,
    );
    return () => {
      map.remove();
    };
  }, [tileUrl, attribution]);

  return (
    <Box
      ref={container}
      role="region"
      aria-label={title}
      h={360}
      style={{ borderRadius: 16, overflow: 'hidden', zIndex: 0 }}
      data-testid="office-map-leaflet"
    />
  );
}
