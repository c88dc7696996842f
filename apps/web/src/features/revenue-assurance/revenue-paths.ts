/** Revenue assurance's screens (the permission registry's routes). */
export const SITUATION_ANALYSIS_PATH = '/revenue-assurance/situation-analysis';
export const TOKENIZATION_PATH = '/revenue-assurance/tokenization';
