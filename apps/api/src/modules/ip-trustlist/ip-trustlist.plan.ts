import { findOverlaps, type IpEntry, type IpListEntry, type IpListParse } from '@andes/contract/common/ip';
import type { IpEditDuplicate, IpEditOverlap } from '@andes/contract/ip-trustlist/schemas';

/** An entry already stored in the list. */
export interface StoredEntry extends IpEntry {
  id: number;
}

/** What an edit would save and what it reports. */
export interface EditPlan {
  /** Entries to save, in input order. */
  added: IpListEntry[];
  duplicates: IpEditDuplicate[];
  overlaps: IpEditOverlap[];
}

const byPosition = <T extends { position: number }>(a: T, b: T) => a.position - b.position;

function overlapsWithStored(added: readonly IpListEntry[], stored: readonly StoredEntry[]): IpEditOverlap[] {
  const out: IpEditOverlap[] = [];
  for (const o of findOverlaps(added, stored)) {
    if (o.relation === 'DUPLICATE') continue;
    out.push({
      position: o.entry.position,
      value: o.entry.value,
      relation: o.relation,
      otherValue: o.other.value,
      otherPosition: null,
      otherId: o.other.id,
    });
  }
  return out;
}

/**
 * Adding a parsed input to a list: entries the list already holds and entries repeated in the
 * input are skipped and reported; the rest are added. Overlaps of added entries with one another
 * and with the list are reported (they are saved all the same).
 */
export function planAdd(parsed: IpListParse, stored: readonly StoredEntry[]): EditPlan {
  const storedByValue = new Map(stored.map((e) => [e.value, e]));
  const added: IpListEntry[] = [];
  const duplicates: IpEditDuplicate[] = parsed.duplicates.map((d) => ({ ...d, existingId: null }));
  for (const entry of parsed.entries) {
    const existing = storedByValue.get(entry.value);
    if (existing === undefined) added.push(entry);
    else
      duplicates.push({ position: entry.position, input: entry.input, value: entry.value, firstPosition: null, existingId: existing.id });
  }
  const addedPositions = new Set(added.map((e) => e.position));
  const overlaps: IpEditOverlap[] = [
    ...parsed.overlaps
      .filter((o) => addedPositions.has(o.position) && addedPositions.has(o.otherPosition))
      .map((o) => ({ ...o, otherId: null })),
    ...overlapsWithStored(added, stored),
  ];
  return { added, duplicates: duplicates.sort(byPosition), overlaps: overlaps.sort(byPosition) };
}

/**
 * Changing one stored entry (`target`) to the single entry of the input: refused as a duplicate
 * when another entry of the list holds that value already; overlaps with the other entries reported.
 */
export function planModify(entry: IpListEntry, target: StoredEntry, stored: readonly StoredEntry[]): EditPlan {
  const others = stored.filter((e) => e.id !== target.id);
  const existing = others.find((e) => e.value === entry.value);
  if (existing !== undefined) {
    return {
      added: [],
      duplicates: [{ position: entry.position, input: entry.input, value: entry.value, firstPosition: null, existingId: existing.id }],
      overlaps: [],
    };
  }
  return { added: [entry], duplicates: [], overlaps: overlapsWithStored([entry], others) };
}
