import { createElement, useEffect, useRef, useState, type ReactElement } from 'react';
import { checkGeometry, geometryAreaHa, type LocationGeometry, type Position } from '@agrihub/contract/geometry';
import { importOutline } from '@agrihub/contract/outline-import';
import { outlineSvg } from '../lib/outline-drawing';
import type { View } from './app';
import type { Plot } from './db';
import { callJson } from './http';
import { contractText, formatNumber, t } from './i18n';
import { BackBar } from './type-picker';
import { addFix, closeWalk, type Fix } from './walk';

/** The outline drawn with this bundle's runtime (Preact in the build), as the trace page does. */
function Outline({ geometry, title }: { geometry: LocationGeometry; title: string }) {
  return outlineSvg<ReactElement>(createElement as never, { geometry, width: 320, height: 220, title });
}

interface LocationView {
  kind: string;
  name: string;
  province_code: string;
  commune: string | null;
  address: string | null;
  gln: string | null;
  crop_or_species: string | null;
  certifications: {
    scheme: string;
    number: string | null;
    issuer: string | null;
    valid_from: string | null;
    valid_until: string | null;
  }[];
  updated_at: string;
}

/** Saves the outline on the location: the locations API replaces the whole record (PUT), so it is read first. */
async function saveOutline(plotId: number, geometry: LocationGeometry): Promise<string | null> {
  const read = await callJson<{ location: LocationView }>(`/api/v1/locations/${plotId}`);
  if (!read.ok) return read.reason === 'refused' ? read.message : t('outlineNeedsNetwork');
  const l = read.value.location;
  const body = {
    kind: l.kind,
    name: l.name,
    province_code: l.province_code,
    commune: l.commune,
    address: l.address,
    gln: l.gln,
    crop_or_species: l.crop_or_species,
    certifications: l.certifications.map(({ scheme, number, issuer, valid_from, valid_until }) => ({
      scheme,
      number,
      issuer,
      valid_from,
      valid_until,
    })),
    geometry,
    updated_at: l.updated_at,
  };
  const saved = await callJson(`/api/v1/locations/${plotId}`, {
    method: 'PUT',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (saved.ok) return null;
  return saved.reason === 'refused' ? saved.message : t('outlineNeedsNetwork');
}

/**
 * A plot's outline from the phone: walk round it (GPS fixes every few metres, the accuracy shown,
 * then close the polygon) or import a KML, GPX or GeoJSON file; the area is computed, the outline
 * checked by the contract's rules and saved on the location.
 */
export function OutlineScreen({ plot, online, go }: { plot: Plot; online: boolean; go: (v: View) => void }) {
  const [walking, setWalking] = useState(false);
  const [points, setPoints] = useState<Position[]>([]);
  const [fix, setFix] = useState<Fix | null>(null);
  const [geometry, setGeometry] = useState<LocationGeometry | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const watch = useRef<number | null>(null);

  const stop = () => {
    if (watch.current != null) navigator.geolocation.clearWatch(watch.current);
    watch.current = null;
    setWalking(false);
  };
  useEffect(() => stop, []);

  const start = () => {
    if (!('geolocation' in navigator)) return setProblem(t('gpsUnavailable'));
    setProblem(null);
    setGeometry(null);
    setPoints([]);
    setSaved(false);
    setWalking(true);
    watch.current = navigator.geolocation.watchPosition(
      (pos) => {
        const f = { lon: pos.coords.longitude, lat: pos.coords.latitude, accuracy: pos.coords.accuracy };
        setFix(f);
        setPoints((prev) => addFix(prev, f));
      },
      (err) => {
        setProblem(err.code === err.PERMISSION_DENIED ? t('gpsDenied') : t('gpsUnavailable'));
        stop();
      },
      { enableHighAccuracy: true, maximumAge: 0, timeout: 30_000 },
    );
  };

  const accept = (value: unknown) => {
    const checked = checkGeometry(value);
    if (!checked.ok) return setProblem(contractText(checked.message, checked.params));
    setProblem(null);
    setGeometry(checked.geometry);
  };

  const close = () => {
    stop();
    const polygon = closeWalk(points);
    if (!polygon) return setProblem(t('walkTooFew'));
    accept(polygon);
  };

  const importFile = async (file: File | undefined) => {
    if (!file) return;
    stop();
    setSaved(false);
    try {
      const result = importOutline(await file.text());
      if (result.ok) accept(result.geometry);
      else setProblem(contractText(result.message, result.params));
    } catch {
      setProblem(contractText('outlineFileUnreadable'));
    }
  };

  const save = async () => {
    if (!geometry) return;
    setBusy(true);
    const refused = await saveOutline(plot.id, geometry);
    setBusy(false);
    setProblem(refused);
    setSaved(!refused);
  };

  return (
    <>
      <BackBar title={plot.name} go={go} />
      <h2>{t('outlineTitle')}</h2>
      <section className="card form" data-testid="diary-outline">
        <p className="muted">{t('walkHint')}</p>
        {!walking ? (
          <button type="button" className="btn primary big" onClick={start} data-testid="diary-walk-start">
            🚶 {t('walkStart')}
          </button>
        ) : (
          <>
            <p data-testid="diary-walk-status">
              {t('walkPoints', { count: points.length })}
              {fix && ` · ${t('accuracy', { metres: Math.round(fix.accuracy) })}`}
            </p>
            <div className="row">
              <button
                type="button"
                className="btn"
                onClick={() => fix && setPoints((prev) => addFix(prev, fix, true))}
                disabled={!fix}
              >
                {t('walkAddPoint')}
              </button>
              <button type="button" className="btn primary" onClick={close} data-testid="diary-walk-close">
                {t('walkClose')}
              </button>
            </div>
          </>
        )}
        <label htmlFor="diary-outline-file" className="btn">
          📄 {t('importOutline')}
        </label>
        <input
          id="diary-outline-file"
          className="visually-hidden"
          type="file"
          accept=".kml,.gpx,.geojson,.json,application/vnd.google-earth.kml+xml,application/gpx+xml,application/geo+json"
          onChange={(e) => void importFile(e.currentTarget.files?.[0])}
          data-testid="diary-outline-file"
        />
        {problem && (
          <p className="alert" role="alert" data-testid="diary-outline-problem">
            {problem}
          </p>
        )}
        {geometry && (
          <>
            <Outline geometry={geometry} title={plot.name} />
            <p data-testid="diary-outline-area">
              {t('area', { ha: formatNumber(Math.round(geometryAreaHa(geometry) * 10_000) / 10_000) })}
            </p>
            <button
              type="button"
              className="btn primary big"
              onClick={() => void save()}
              disabled={busy || !online}
              data-testid="diary-outline-save"
            >
              {online ? t('outlineSave') : t('outlineNeedsNetwork')}
            </button>
          </>
        )}
        {saved && (
          <p className="ok" role="status" data-testid="diary-outline-saved">
            {t('outlineSaved')}
          </p>
        )}
      </section>
    </>
  );
}
