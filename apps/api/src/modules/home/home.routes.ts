import {
  accountingCalendar,
  amountSummary,
  balanceDetail,
  balanceQuery,
  dayOfHistory,
  pendingBalanceInfo,
  productLineChart,
  productList,
  productPieChart,
  realTimeLineChart,
  transactionLineChart,
  unreadMessageCount,
} from '@andes/contract/home/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { HomeService } from './home.service.ts';

/** Wiring of the Home calls (spec §7). */
export function registerHomeRoutes(app: FastifyInstance): void {
  const service = new HomeService(app.andes.db, app.andes.clock);
  registerEndpoint(app, balanceQuery, ({ auth, body }) => service.balanceQuery(auth, body));
  registerEndpoint(app, balanceDetail, ({ auth, body }) => service.balanceDetail(auth, body));
  registerEndpoint(app, pendingBalanceInfo, ({ auth, body }) => service.pendingBalanceInfo(auth, body));
  registerEndpoint(app, productList, ({ auth, body }) => service.productList(auth, body));
  registerEndpoint(app, transactionLineChart, ({ auth, body }) => service.transactionLineChart(auth, body));
  registerEndpoint(app, dayOfHistory, ({ auth, body }) => service.dayOfHistory(auth, body));
  registerEndpoint(app, amountSummary, ({ auth, body }) => service.amountSummary(auth, body));
  registerEndpoint(app, productPieChart, ({ auth, body }) => service.productPieChart(auth, body));
  registerEndpoint(app, productLineChart, ({ auth, body }) => service.productLineChart(auth, body));
  registerEndpoint(app, realTimeLineChart, ({ auth, body }) => service.realTimeLineChart(auth, body));
  registerEndpoint(app, accountingCalendar, ({ auth, body }) => service.accountingCalendar(auth, body));
  registerEndpoint(app, unreadMessageCount, ({ auth }) => service.unreadMessageCount(auth));
}
