import type { Page } from '@andes/contract/common/page';
import { FIRST_PAGE, nextPosition, PAGE_SIZE_PARAM, previousPosition, readPageSize } from '../list/keyset.ts';
import type { ListUrl } from '../list/use-list-url.ts';
import { KeysetPager } from './keyset-pager.tsx';

/** The keyset pager of a list whose state is in the URL (`useListUrl`). */
export function ListPager({ list, page, loading }: { list: ListUrl; page: Page<unknown> | undefined; loading: boolean }) {
  const nextCursor = page?.nextCursor ?? null;
  return (
    <KeysetPager
      total={page?.total ?? null}
      totalCapped={page?.totalCapped ?? false}
      page={list.position.page}
      pageSize={readPageSize(list.params)}
      hasNext={nextCursor !== null}
      disabled={loading}
      onFirst={() => list.goTo(FIRST_PAGE)}
      onPrevious={() => list.goTo(previousPosition(list.position))}
      onNext={() => {
        if (nextCursor !== null) list.goTo(nextPosition(list.position, nextCursor));
      }}
      onPageSize={(size) => list.update({ [PAGE_SIZE_PARAM]: size })}
    />
  );
}
