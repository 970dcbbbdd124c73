/* The main of a cmocka suite, written once: MOTE_TEST_MAIN(cmocka_unit_test(a), ...) runs the
 * listed tests in order and exits with cmocka's count of failures. Include after <cmocka.h>. */
#ifndef MOTE_TEST_MAIN_H
#define MOTE_TEST_MAIN_H

#define MOTE_TEST_MAIN(...)                                                                        \
    int main(void) {                                                                               \
        const struct CMUnitTest tests[] = {__VA_ARGS__};                                           \
        return cmocka_run_group_tests(tests, NULL, NULL);                                          \
    }

#endif
