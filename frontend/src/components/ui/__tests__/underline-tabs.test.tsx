import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import userEvent from '@testing-library/user-event';
import { render, screen } from '@/testing/test-utils';
import { UnderlineTabs } from '../underline-tabs';

const TABS = ['One', 'Two', 'Three'] as const;

function Tabs() {
  const [current, setCurrent] = useState<(typeof TABS)[number]>('One');
  return (
    <UnderlineTabs label="Numbers" tabs={TABS} current={current} onChange={setCurrent}>
      Panel {current}
    </UnderlineTabs>
  );
}

describe('UnderlineTabs', () => {
  it('names the panel by the current tab, which alone is in the Tab order', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('Panel One');
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('tabindex', '-1');

    await user.click(screen.getByRole('tab', { name: 'Two' }));
    expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Panel Two');
  });

  it('moves with the arrow keys, wrapping at both ends', async () => {
    const user = userEvent.setup();
    render(<Tabs />);
    await user.click(screen.getByRole('tab', { name: 'One' }));
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Three' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel Three');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Panel One');
  });
});
