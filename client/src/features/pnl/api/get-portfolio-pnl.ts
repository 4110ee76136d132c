import {
  PORTFOLIO_PNL_EXPORT_PATH,
  PORTFOLIO_PNL_PATH,
  type TPortfolioPnl,
  type TPortfolioPnlQuery,
  ZPortfolioPnl,
} from "@shared/api/pnl";
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { queryKeys } from "@/lib/query-keys";

const search = (query: TPortfolioPnlQuery) => new URLSearchParams(query).toString();

/** Every domain's P&L in the chosen order, with the portfolio's totals. */
export async function getPortfolioPnl(query: TPortfolioPnlQuery): Promise<TPortfolioPnl> {
  const res = await apiRequest("GET", `${PORTFOLIO_PNL_PATH}?${search(query)}`);
  return ZPortfolioPnl.parse(await res.json());
}

export const portfolioPnlQueryOptions = (query: TPortfolioPnlQuery) =>
  queryOptions({
    queryKey: queryKeys.portfolioPnl(query),
    queryFn: () => getPortfolioPnl(query),
    staleTime: 30_000,
  });

/** Keeps the previous order or range on screen while the next one loads. */
export function usePortfolioPnl(query: TPortfolioPnlQuery) {
  return useQuery({ ...portfolioPnlQueryOptions(query), placeholderData: keepPreviousData });
}

/** Where the browser downloads the table, in the same range and order, as CSV. */
export const portfolioPnlExportUrl = (query: TPortfolioPnlQuery) =>
  `${PORTFOLIO_PNL_EXPORT_PATH}?${search(query)}`;
