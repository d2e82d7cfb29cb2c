// The outsider suite (README.md), second shard of the case files.
import { outsiderSuite } from './outsider.suite.ts';

outsiderSuite(1, 2);
