import { fuzzEveryRoute } from "./api-fuzz";

fuzzEveryRoute(0, 2);
