/** A binary min-heap ordered by `at`, then by insertion (so equal times keep their order). */
export class TimeHeap<T> {
  private readonly items: { at: number; seq: number; value: T }[] = [];
  private seq = 0;

  get size(): number {
    return this.items.length;
  }

  push(at: number, value: T): void {
    const items = this.items;
    items.push({ at, seq: this.seq++, value });
    let i = items.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(i, parent)) break;
      this.swap(i, parent);
      i = parent;
    }
  }

  /** The earliest time, or Infinity when empty. */
  peekAt(): number {
    return this.items[0]?.at ?? Number.POSITIVE_INFINITY;
  }

  pop(): { at: number; value: T } | undefined {
    const items = this.items;
    const top = items[0];
    if (!top) return undefined;
    const last = items.pop();
    if (items.length > 0 && last) {
      items[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < items.length && this.less(l, m)) m = l;
        if (r < items.length && this.less(r, m)) m = r;
        if (m === i) break;
        this.swap(i, m);
        i = m;
      }
    }
    return { at: top.at, value: top.value };
  }

  private less(a: number, b: number): boolean {
    const x = this.items[a];
    const y = this.items[b];
    if (!x || !y) return false;
    return x.at < y.at || (x.at === y.at && x.seq < y.seq);
  }

  private swap(a: number, b: number): void {
    const x = this.items[a];
    const y = this.items[b];
    if (!x || !y) return;
    this.items[a] = y;
    this.items[b] = x;
  }
}
