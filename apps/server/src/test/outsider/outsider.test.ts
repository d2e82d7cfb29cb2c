// The outsider suite (README.md), first shard of the case files and the coverage check.
import { outsiderSuite } from './outsider.suite.ts';

outsiderSuite(0, 2);
