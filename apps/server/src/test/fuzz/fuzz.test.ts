// The fuzz suite (README.md), first half of the operations and the coverage check.
import { fuzzSuite } from './fuzz.suite.ts';

fuzzSuite(0, 2);
