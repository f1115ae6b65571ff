dnl SPDX-License-Identifier: BSD-3-Clause
dnl Check (unit tests), hwloc (optional) and the sanitizer build.

AC_DEFUN([SWING_CHECK_CHECK], [
    PKG_CHECK_MODULES([CHECK], [check >= 0.11], [],
        [AC_MSG_ERROR([the Check unit test library was not found by pkg-config (Debian: apt-get install check pkg-config)])])
])

AC_DEFUN([SWING_CHECK_HWLOC], [
    PKG_CHECK_MODULES([HWLOC], [hwloc >= 2.0],
        [swing_have_hwloc=yes
         AC_DEFINE([SWING_HAVE_HWLOC], [1], [Define to 1 when hwloc is available])],
        [swing_have_hwloc=no])
])

AC_DEFUN([SWING_SANITIZERS], [
    AC_ARG_ENABLE([sanitizers],
        [AS_HELP_STRING([--enable-sanitizers],
            [build with AddressSanitizer and UndefinedBehaviorSanitizer])],
        [], [enable_sanitizers=no])
    SWING_SAN_CFLAGS=""
    AS_IF([test "x$enable_sanitizers" = xyes],
          [SWING_SAN_CFLAGS="-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined"])
    AC_SUBST([SWING_SAN_CFLAGS])
    AM_CONDITIONAL([SWING_SANITIZERS], [test "x$enable_sanitizers" = xyes])
])
