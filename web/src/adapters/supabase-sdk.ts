// supabase-js behind one module so that its lazy chunk has a recognisable name (supabase-sdk-*.js)
// in the build and in bench/web-size.bench.ts.
export { createClient } from '@supabase/supabase-js';
