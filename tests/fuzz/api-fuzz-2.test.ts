import { fuzzEveryRoute } from "./api-fuzz";

fuzzEveryRoute(1, 2);
