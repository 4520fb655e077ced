import { setupServer } from 'msw/node';
import { addressHandlers } from './address-handlers';
import { bagHandlers } from './bag-handlers';
import { brandHandlers } from './brand-handlers';
import { curatedListHandlers } from './curated-list-handlers';
import { handlers } from './handlers';
import { insightsHandlers } from './insights-handlers';
import { orderHandlers } from './order-handlers';
import { swipeHandlers } from './swipe-handlers';
import { trendsHandlers } from './trends-handlers';

export const server = setupServer(
  ...handlers,
  ...addressHandlers,
  ...bagHandlers,
  ...brandHandlers,
  ...curatedListHandlers,
  ...insightsHandlers,
  ...orderHandlers,
  ...swipeHandlers,
  ...trendsHandlers,
);
