/** How much slower this machine runs just now than an idle CI machine (at least 1). */
export function measureSlowness(): number;
