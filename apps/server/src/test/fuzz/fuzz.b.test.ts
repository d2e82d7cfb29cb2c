// The fuzz suite (README.md), second half of the operations.
import { fuzzSuite } from './fuzz.suite.ts';

fuzzSuite(1, 2);
