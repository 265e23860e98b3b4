/* Runs the no_std check library on the host: cc run.c libmagicboard_no_std_check.a */
#include <stdint.h>
#include <stdio.h>

uint32_t magicboard_no_std_check(void);

/* The precompiled `alloc` still names the unwinding personality routine;
   with panic = "abort" nothing ever unwinds, so it is never called. */
void rust_eh_personality(void) {}

int main(void) {
    uint32_t failed = magicboard_no_std_check();
    if (failed != 0) {
        printf("no_std check %u failed\n", failed);
        return 1;
    }
    printf("no_std check: perft, statistics, FEN, UCI, SAN, make/unmake (and, with alloc, to_fen and divide) all ok\n");
    return 0;
}
