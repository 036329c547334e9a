import { useEffect, useMemo, useRef, useState } from 'react';
import { DIARY_MAX_PHOTOS, DIARY_NOTES_MAX, DIARY_TEMPLATES, type DiaryField } from '@agrihub/contract/diary';
import type { View } from './app';
import type { Lot } from './db';
import {
  fromLocalInput,
  readDetails,
  timeProblem,
  toLocalInput,
  valuesOf,
  type Problem,
  type Values,
} from './form-logic';
import { fieldLabel, harvestUnsafeText, problemText, t, typeLabel, unitLabel, formatDate } from './i18n';
import { resizePhoto } from './photos';
import type { EntryDraft } from './queue';
import { refuseHarvest, safeFrom } from './safety';
import { newPhotoRef, type Diary, type FormPhoto } from './store';
import { BackBar, pickName, TYPE_ICONS } from './type-picker';

type FormView = Extract<View, { name: 'form' }>;
type LotMode = 'existing' | 'new';

/** A photo's thumbnail from its blob (the URL is released when it leaves the form). */
function Thumb({ photo, onRemove }: { photo: FormPhoto; onRemove: () => void }) {
  const url = useMemo(() => URL.createObjectURL(photo.blob), [photo.blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <li className="thumb">
      <img src={url} alt="" width={88} height={88} />
      <button type="button" className="btn small" onClick={onRemove} aria-label={t('removePhoto')}>
        ×
      </button>
    </li>
  );
}

function FieldInput(props: { field: DiaryField; value: string; problem?: Problem; onChange: (v: string) => void }) {
  const { field, value, problem, onChange } = props;
  const id = `diary-field-${field.name}`;
  const label = `${fieldLabel(field.name)}${field.required ? ' *' : ''}`;
  const common = {
    id,
    name: field.name,
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': problem ? `${id}-error` : undefined,
    'data-testid': id,
  };
  return (
    <div className={problem ? 'field invalid' : 'field'}>
      <label htmlFor={id}>{label}</label>
      {field.kind === 'unit' ? (
        <select {...common} value={value} onChange={(e) => onChange(e.currentTarget.value)}>
          <option value="">{t('chooseUnit')}</option>
          {field.options?.map((u) => (
            <option key={u} value={u}>
              {unitLabel(u)}
            </option>
          ))}
        </select>
      ) : (
        <input
          {...common}
          type="text"
          inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'integer' ? 'numeric' : undefined}
          maxLength={field.kind === 'text' ? field.max : 20}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      )}
      {problem && (
        <p className="field-error" id={`${id}-error`}>
          {problemText(problem.key, problem.params)}
        </p>
      )}
    </div>
  );
}

/** Lots a harvest on this plot may go to: the plot's own first. */
function lotsFor(lots: Lot[], locationId: number | null): Lot[] {
  const own = lots.filter((l) => locationId != null && l.location_ids.includes(locationId));
  return [...own, ...lots.filter((l) => !own.includes(l))];
}

/**
 * The template's form: its fields, the time (now, editable), notes and camera photos; a harvest
 * says which lot it goes to and is refused here when inside a spraying's pre-harvest interval.
 * Saved, the entry waits on the phone; editing a failed entry sends it again.
 */
export function EntryForm({ view, diary, go }: { view: FormView; diary: Diary; go: (v: View) => void }) {
  const { type, pick, editing } = view;
  const ctx = diary.context;
  const draft = editing?.draft;
  const locationId = draft ? draft.location_id : pick?.kind === 'plot' ? pick.plot.id : null;
  const fixedLotId = draft ? draft.traceability_id : pick?.kind === 'lot' ? pick.lot.id : null;
  const fixedLot = ctx?.lots.find((l) => l.id === fixedLotId) ?? (pick?.kind === 'lot' ? pick.lot : undefined);
  const title = editing?.label ?? (pick ? pickName(pick) : '');
  const isHarvest = type === 'harvesting';
  const draftLot = (draft?.details.lot ?? {}) as { traceability_id?: number; product_id?: number; lot_code?: string };

  const [values, setValues] = useState<Values>(() => {
    if (draft) return valuesOf(draft.details);
    return isHarvest && fixedLot ? { unit: fixedLot.unit } : {};
  });
  const [when, setWhen] = useState(() => toLocalInput(draft ? new Date(draft.occurred_at) : new Date()));
  const [notes, setNotes] = useState(draft?.notes ?? '');
  const [photos, setPhotos] = useState<FormPhoto[]>([]);
  const [lotMode, setLotMode] = useState<LotMode>(draftLot.product_id ? 'new' : 'existing');
  const [lotId, setLotId] = useState<string>(String(draftLot.traceability_id ?? ''));
  const [productId, setProductId] = useState<string>(String(draftLot.product_id ?? ''));
  const [lotCode, setLotCode] = useState(draftLot.lot_code ?? '');
  const [problems, setProblems] = useState<Record<string, Problem>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const camera = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (editing) void diary.photosOf(editing).then(setPhotos);
  }, [editing?.id]);

  const lotChoices = ctx ? lotsFor(ctx.lots, locationId) : [];
  const chosenLot = fixedLot ?? (lotMode === 'existing' ? ctx?.lots.find((l) => String(l.id) === lotId) : undefined);
  const harvestTarget = { location_id: locationId, traceability_id: chosenLot?.id ?? null };
  const safe = isHarvest ? safeFrom(ctx, diary.entries, harvestTarget) : null;

  const set = (name: string, v: string) => {
    setValues((prev) => ({ ...prev, [name]: v }));
    if (problems[name]) setProblems(({ [name]: _gone, ...rest }) => rest);
  };

  const addPhotos = async (files: FileList | null) => {
    if (!files?.length) return;
    setPhotoError(null);
    const room = DIARY_MAX_PHOTOS - photos.length;
    if (files.length > room) setPhotoError(t('tooManyPhotos', { max: DIARY_MAX_PHOTOS }));
    for (const file of Array.from(files).slice(0, Math.max(0, room))) {
      try {
        const blob = await resizePhoto(file);
        setPhotos((prev) => [...prev, { ref: newPhotoRef(), blob, upload_id: null }]);
      } catch {
        setPhotoError(t('photoUnreadable'));
      }
    }
    if (camera.current) camera.current.value = '';
  };

  const submit = async () => {
    setRefusal(null);
    const { details, problems: found } = readDetails(type, values);
    const occurredAt = fromLocalInput(when);
    const timeIssue = timeProblem(occurredAt);
    if (timeIssue) found.occurred_at = timeIssue;
    if (notes.length > DIARY_NOTES_MAX) found.notes = { key: 'tooLong', params: { max: DIARY_NOTES_MAX } };
    if (isHarvest) {
      if (fixedLot) details.lot = { traceability_id: fixedLot.id };
      else if (lotMode === 'existing') {
        if (!chosenLot) found.lot = { key: 'diaryHarvestLotRequired' };
        else details.lot = { traceability_id: chosenLot.id };
      } else if (!productId) found.lot = { key: 'diaryHarvestLotRequired' };
      else details.lot = { product_id: Number(productId), ...(lotCode.trim() ? { lot_code: lotCode.trim() } : {}) };
      if (chosenLot && values.unit && values.unit !== chosenLot.unit && !found.unit)
        found.unit = { key: 'diary_unit_mismatch', params: { unit: values.unit, lot_unit: chosenLot.unit } };
    }
    setProblems(found);
    if (Object.keys(found).length) {
      document
        .querySelector<HTMLElement>('.field.invalid input, .field.invalid select, .field.invalid textarea')
        ?.focus();
      return;
    }
    // The pre-harvest interval, checked on the phone (offline too); the server checks again.
    if (isHarvest) {
      const unsafe = refuseHarvest(
        ctx,
        diary.entries.filter((e) => e.id !== editing?.id),
        harvestTarget,
        occurredAt!,
      );
      if (unsafe) {
        setRefusal(harvestUnsafeText(unsafe));
        return;
      }
    }
    const entry: EntryDraft = {
      type,
      occurred_at: occurredAt!,
      location_id: locationId,
      traceability_id: fixedLotId,
      details,
      notes: notes.trim() || null,
    };
    setBusy(true);
    try {
      if (editing) await diary.resend(editing, entry, photos);
      else await diary.record(entry, photos, title);
      go(editing ? { name: 'queue' } : { name: 'home' });
    } finally {
      setBusy(false);
    }
  };

  const fieldProblem = (name: string) =>
    problems[name] && (
      <p className="field-error" id={`diary-${name}-error`}>
        {problemText(problems[name].key, problems[name].params)}
      </p>
    );

  return (
    <>
      <BackBar title={title} go={go} />
      <h2>
        <span aria-hidden="true">{TYPE_ICONS[type]} </span>
        {typeLabel(type)}
      </h2>
      {editing?.error && (
        <p className="alert" role="alert">
          {editing.error}
        </p>
      )}
      <form
        className="card form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy) void submit();
        }}
        data-testid="diary-form"
      >
        {isHarvest && safe && (
          <p className="notice" data-testid="diary-harvest-safe">
            {t('safeFrom', { date: formatDate(safe) })}
          </p>
        )}
        {isHarvest && !fixedLot && (
          <fieldset className={problems.lot ? 'field invalid' : 'field'}>
            <legend>{t('harvestLot')}</legend>
            <label className="radio">
              <input
                type="radio"
                name="lot-mode"
                checked={lotMode === 'existing'}
                onChange={() => setLotMode('existing')}
                data-testid="diary-lot-existing"
              />
              {t('lotExisting')}
            </label>
            {lotMode === 'existing' && (
              <select
                value={lotId}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setLotId(v);
                  const lot = ctx?.lots.find((l) => String(l.id) === v);
                  if (lot) set('unit', lot.unit);
                }}
                aria-label={t('lotExisting')}
                data-testid="diary-lot-select"
              >
                <option value="">{t('chooseLot')}</option>
                {lotChoices.map((l) => (
                  <option key={l.id} value={l.id}>
                    {l.lot_code} · {l.product_name}
                  </option>
                ))}
              </select>
            )}
            <label className="radio">
              <input
                type="radio"
                name="lot-mode"
                checked={lotMode === 'new'}
                onChange={() => setLotMode('new')}
                data-testid="diary-lot-new"
              />
              {t('lotNew')}
            </label>
            {lotMode === 'new' && (
              <>
                <select
                  value={productId}
                  onChange={(e) => setProductId(e.currentTarget.value)}
                  aria-label={t('product')}
                  data-testid="diary-product-select"
                >
                  <option value="">{t('chooseProduct')}</option>
                  {ctx?.products.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.name}
                    </option>
                  ))}
                </select>
                <label htmlFor="diary-lot-code">{t('lotCodeOptional')}</label>
                <input
                  id="diary-lot-code"
                  value={lotCode}
                  maxLength={50}
                  onChange={(e) => setLotCode(e.currentTarget.value)}
                  data-testid="diary-lot-code"
                />
              </>
            )}
            {fieldProblem('lot')}
          </fieldset>
        )}
        {isHarvest && fixedLot && (
          <p className="muted">{t('harvestInto', { lot: `${fixedLot.lot_code} · ${fixedLot.product_name}` })}</p>
        )}
        {DIARY_TEMPLATES[type].map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            value={values[f.name] ?? ''}
            problem={problems[f.name]}
            onChange={(v) => set(f.name, v)}
          />
        ))}
        <div className={problems.occurred_at ? 'field invalid' : 'field'}>
          <label htmlFor="diary-when">{t('when')}</label>
          <input
            id="diary-when"
            type="datetime-local"
            value={when}
            onChange={(e) => setWhen(e.currentTarget.value)}
            data-testid="diary-when"
          />
          {fieldProblem('occurred_at')}
        </div>
        <div className={problems.notes ? 'field invalid' : 'field'}>
          <label htmlFor="diary-notes">{t('notes')}</label>
          <textarea
            id="diary-notes"
            rows={3}
            maxLength={DIARY_NOTES_MAX}
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
            data-testid="diary-notes"
          />
          {fieldProblem('notes')}
        </div>
        <div className="field">
          <label htmlFor="diary-photo" className="btn">
            📷 {t('addPhoto')}
          </label>
          <input
            ref={camera}
            id="diary-photo"
            className="visually-hidden"
            type="file"
            accept="image/*"
            capture="environment"
            multiple
            onChange={(e) => void addPhotos(e.currentTarget.files)}
            data-testid="diary-photo-input"
          />
          {photoError && <p className="field-error">{photoError}</p>}
          {photos.length > 0 && (
            <ul className="thumbs" data-testid="diary-photos">
              {photos.map((p) => (
                <Thumb
                  key={p.ref}
                  photo={p}
                  onRemove={() => setPhotos((prev) => prev.filter((x) => x.ref !== p.ref))}
                />
              ))}
            </ul>
          )}
        </div>
        {refusal && (
          <p className="alert" role="alert" data-testid="diary-harvest-refused">
            {refusal}
          </p>
        )}
        <button type="submit" className="btn primary big" disabled={busy} data-testid="diary-save">
          {editing ? t('resend') : t('save')}
        </button>
      </form>
    </>
  );
}
