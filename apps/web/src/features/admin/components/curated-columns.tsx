import { Button, Switch } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { adminText as t } from '../messages';

interface Curated {
  id: number;
  name: string;
  hidden: number;
  sort: number;
}

/** The last columns of every curated list: order, a shown/hidden switch, and the edit button. */
export function curatedColumns<T extends Curated>(o: {
  toggle: (item: T, shown: boolean) => void;
  open: (item: T) => void;
}): ColumnsType<T> {
  return [
    { title: t.librarySort, dataIndex: 'sort', width: 130 },
    {
      title: t.libraryShown,
      dataIndex: 'hidden',
      width: 130,
      render: (h: number, i) => (
        <Switch
          checked={h === 0}
          aria-label={`${t.libraryShown} ${i.name}`}
          onChange={(on) => o.toggle(i, on)}
          checkedChildren={t.libraryVisible}
          unCheckedChildren={t.libraryHidden}
        />
      ),
    },
    {
      title: t.actions,
      key: 'actions',
      width: 100,
      render: (_, i) => (
        <Button size="small" onClick={() => o.open(i)} aria-label={`${t.edit} ${i.name}`}>
          {t.edit}
        </Button>
      ),
    },
  ];
}
