import { INFINITE_SCROLL_THRESHOLD_PX } from '@andes/contract/common/constants';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InfiniteList } from './infinite-list.tsx';

type Callback = (entries: Array<{ isIntersecting: boolean }>) => void;

/** A stand-in observer that records its options and lets the test say when the sentinel shows. */
class FakeObserver {
  static all: FakeObserver[] = [];
  elements: Element[] = [];
  disconnected = false;
  constructor(
    readonly callback: Callback,
    readonly options: IntersectionObserverInit,
  ) {
    FakeObserver.all.push(this);
  }
  observe(element: Element) {
    this.elements.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  unobserve() {}
  static live() {
    return FakeObserver.all.filter((o) => !o.disconnected);
  }
  static show(visible: boolean) {
    act(() => {
      for (const o of FakeObserver.live()) o.callback([{ isIntersecting: visible }]);
    });
  }
}

const items = Array.from({ length: 3 }, (_, i) => ({ id: `T${i}` }));

function List(props: { hasMore: boolean; loading: boolean; onLoadMore(): void }) {
  const root = useRef<HTMLDivElement | null>(null);
  return (
    <div ref={root} data-testid="scroller">
      <InfiniteList
        items={items}
        getKey={(i) => i.id}
        renderItem={(i) => <span>{i.id}</span>}
        hasMore={props.hasMore}
        loading={props.loading}
        onLoadMore={props.onLoadMore}
        label="Transactions"
        root={root}
      />
    </div>
  );
}

afterEach(() => {
  FakeObserver.all = [];
});

describe('InfiniteList', () => {
  it('loads the next page when the sentinel comes within 0.3 px of the bottom, once per page', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onLoadMore = vi.fn();
    const view = render(<List hasMore loading={false} onLoadMore={onLoadMore} />);
    expect(FakeObserver.live()[0]?.options.rootMargin).toBe(`0px 0px ${INFINITE_SCROLL_THRESHOLD_PX}px 0px`);
    expect(FakeObserver.live()[0]?.options.root).toBe(screen.getByTestId('scroller'));
    FakeObserver.show(false);
    expect(onLoadMore).not.toHaveBeenCalled();
    FakeObserver.show(true);
    FakeObserver.show(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    // While the page loads nothing more is asked; when it has arrived the sentinel is watched again.
    view.rerender(<List hasMore loading onLoadMore={onLoadMore} />);
    expect(screen.getByRole('status').textContent).toBe('Loading more…');
    FakeObserver.show(true);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    view.rerender(<List hasMore loading={false} onLoadMore={onLoadMore} />);
    FakeObserver.show(true);
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('asks for nothing once there is no more, and says so', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onLoadMore = vi.fn();
    render(<List hasMore={false} loading={false} onLoadMore={onLoadMore} />);
    FakeObserver.show(true);
    expect(onLoadMore).not.toHaveBeenCalled();
    expect(screen.getByText('No more data')).toBeTruthy();
    expect(screen.getAllByRole('listitem')).toHaveLength(3);
  });

  it('falls back to measuring the scroll distance without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    const onLoadMore = vi.fn();
    const view = render(<List hasMore loading={false} onLoadMore={onLoadMore} />);
    // Nothing rendered has a height yet: the content is shorter than the viewport, so a page loads.
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    const scroller = screen.getByTestId('scroller');
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 1000 });
    Object.defineProperty(scroller, 'clientHeight', { configurable: true, value: 400 });
    view.rerender(<List hasMore loading onLoadMore={onLoadMore} />);
    view.rerender(<List hasMore loading={false} onLoadMore={onLoadMore} />);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    scroller.scrollTop = 599;
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(1);
    scroller.scrollTop = 599.7;
    fireEvent.scroll(scroller);
    expect(onLoadMore).toHaveBeenCalledTimes(2);
  });

  it('offers a Load more button for keyboards', () => {
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    const onLoadMore = vi.fn();
    render(<List hasMore loading={false} onLoadMore={onLoadMore} />);
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(onLoadMore).toHaveBeenCalledTimes(1);
  });
});
