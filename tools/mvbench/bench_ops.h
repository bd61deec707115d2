/* The mvbench commands that live in files of their own. Each gets argv with
 * argv[0] = its command name and returns the process's exit status (1 when
 * a result was wrong). */
#ifndef MVBENCH_OPS_H
#define MVBENCH_OPS_H

int mvbench_transpose(int argc, char **argv); /* bench_transpose.c */
int mvbench_gemm(int argc, char **argv);      /* bench_gemm.c */
int mvbench_multi(int argc, char **argv);     /* bench_multi.c */
int mvbench_nt(int argc, char **argv);        /* bench_nt.c */
int mvbench_batched(int argc, char **argv);   /* bench_batched.c */
int mvbench_ex(int argc, char **argv);        /* bench_ex.c */
int mvbench_checked(int argc, char **argv);   /* bench_checked.c */

#endif
