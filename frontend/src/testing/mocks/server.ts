import { setupServer } from 'msw/node';
import { bagHandlers } from './bag-handlers';
import { curatedListHandlers } from './curated-list-handlers';
import { handlers } from './handlers';
import { swipeHandlers } from './swipe-handlers';
import { trendsHandlers } from './trends-handlers';

export const server = setupServer(
  ...handlers,
  ...bagHandlers,
  ...curatedListHandlers,
  ...swipeHandlers,
  ...trendsHandlers,
);
