# mote-trace's one plotting script (gnuplot 5.4). It draws a scenario's CSV as NAME.svg and
# NAME.png from the description mote-trace writes as NAME.plot, which sets the variables below
# and then loads this file. Nothing in here knows a scenario: a scenario names its columns in
# its table (tools/trace/trace_scenario.h), and mote-trace writes that table out.
#
# The description, per figure:
#   name, csv, svg, png      the scenario, and its files in the directory gnuplot runs in
#   columns                  the CSV's column names, separated by spaces, in order
#   text_columns             those that hold text, not numbers
#   title, group             the figure's title; the column naming each row's element
#   elements, steps          rows per step (one per element) and steps in the CSV
#   element_stride           draw the elements whose id is a multiple of this (ids 0..elements-1)
#   step_stride              draw every step_stride-th step (and the last)
#   panels                   how many panels, drawn one under the other
# per panel p (p1_..., p2_...):
#   pP_title, pP_x, pP_xlabel, pP_y, pP_ylabel, pP_equal (1: one scale on both axes)
#   pP_curves, and per curve c: pP_cC_y, pP_cC_series (the group values drawn),
#       pP_cC_legend (a '%s' in it is replaced by the group value: one legend entry per series),
#       pP_cC_dashed (1: a grey dashed reference line, such as a goal)
#       pP_cC_color (0: a colour per series; 1..10: that colour of the palette for all)
#   pP_walls (only where the panel draws them): the legend of the datablock $walls, the
#       scene's segments (two points each, a blank line between), drawn under the curves
#   pP_markers, and per marker m: pP_mM_legend, pP_mM_at (x values: vertical lines there) or
#       pP_mM_when (a point at the first row of each series of the panel's first curve where
#       it holds; '' = the first row), pP_mM_x, pP_mM_y (where the point goes)
#
# A value (pP_x, pP_y, pP_cC_y, pP_mM_x, pP_mM_y) is a column name or one of
#   norm(a,b)        sqrt(a^2 + b^2), e.g. a speed from vx and vy
#   dist(a,b,c,d)    the distance from (a,b) to (c,d)
#   wrap(a)          a wrapped into (-pi, pi] (an angle); the line breaks where it wraps
# with column names as arguments, no spaces. A condition (pP_mM_when) is 'VALUE OP NUMBER',
# separated by spaces, with OP one of < <= > >= == !=: 'released > 0',
# 'dist(x,y,goal_x,goal_y) < 1'. Text columns hold no spaces.

if (GPVAL_VERSION < 5.4) {
    print sprintf('plot_trace.gp: needs gnuplot 5.4 or later, this is %.1f', GPVAL_VERSION)
    exit status 2
}

# ---- the value vocabulary ---------------------------------------------------------------
# (gnuplot has a norm() of its own, so each is defined as v_NAME.)
v_norm(a, b) = sqrt(a * a + b * b)
v_dist(a, b, c, d) = sqrt((a - c) ** 2 + (b - d) ** 2)
v_wrap(a) = atan2(sin(a), cos(a))
known_functions = 'norm dist wrap'
known_ops = '< <= > >= == !='

# The column number of a name (0 when the CSV has no such column).
colnum(name) = sum [i_col = 1:words(columns)] (word(columns, i_col) eq name ? i_col : 0)
# A name as an expression; an unknown one as '?name?', which check() reports.
colexpr(name) = colnum(name) > 0 ? sprintf('column(%d)', colnum(name)) : '?' . name . '?'
comma(a) = strstrt(a, ',')
args(a) = comma(a) == 0 ? colexpr(a) : colexpr(a[1:comma(a) - 1]) . ',' . args(a[comma(a) + 1:])
paren(v) = strstrt(v, '(')
fname(v) = paren(v) == 0 ? '' : v[1:paren(v) - 1]
known(w, list) = sum [i_known = 1:words(list)] (word(list, i_known) eq w ? 1 : 0)
# A value as a gnuplot expression over the columns of a row.
valexpr(v) = paren(v) == 0 ? colexpr(v) : \
    (known(fname(v), known_functions) ? 'v_' . fname(v) : '?' . fname(v) . '?') . '(' . \
    args(v[paren(v) + 1:strlen(v) - 1]) . ')'
condexpr(c) = c eq '' ? '1' : (words(c) != 3 || !known(word(c, 2), known_ops)) ? '?' . c . '?' : \
    sprintf('(%s %s %s)', valexpr(word(c, 1)), word(c, 2), word(c, 3))

# Each value and condition of the figure, checked before anything is drawn: an unknown name
# comes out of valexpr() or condexpr() as '?name?', and the first one is reported.
unknown(e) = e[strstrt(e, '?') + 1:strstrt(e, '?') + strstrt(e[strstrt(e, '?') + 1:], '?') - 1]
check(what, spec, e) = strstrt(e, '?') == 0 || failed ? 0 : \
    (problem = sprintf("%s, '%s', names '%s': not a column of %s (%s), nor a function (%s), " . \
                       "nor a condition 'VALUE OP NUMBER' (OP one of %s)", \
                       what, spec, unknown(e), csv, columns, known_functions, known_ops), 1)
check_value(what, spec) = check(what, spec, valexpr(spec))
problem = ''
failed = 0
do for [p = 1:panels] {
    failed = failed || check_value(sprintf('panel %d x', p), value(sprintf('p%d_x', p)))
    failed = failed || check_value(sprintf('panel %d y', p), value(sprintf('p%d_y', p)))
    do for [c = 1:value(sprintf('p%d_curves', p))] {
        failed = failed || check_value(sprintf('panel %d curve %d', p, c), \
                                       value(sprintf('p%d_c%d_y', p, c)))
    }
    do for [m = 1:value(sprintf('p%d_markers', p))] {
        what = sprintf('panel %d marker %d', p, m)
        failed = failed || check_value(what, value(sprintf('p%d_m%d_x', p, m)))
        failed = failed || check_value(what, value(sprintf('p%d_m%d_y', p, m)))
        when = value(sprintf('p%d_m%d_when', p, m))
        failed = failed || check(what, when, condexpr(when))
    }
}
if (colnum(group) == 0) {
    failed = 1
    problem = sprintf("the group column, '%s', is not a column of %s (%s)", group, csv, columns)
}
if (failed) {
    print sprintf('plot_trace.gp: %s: %s', name, problem)
    exit status 2
}

# ---- the rows drawn ---------------------------------------------------------------------
# One pass over the CSV keeps the drawn elements' rows at the drawn steps, as $picked. The CSV
# holds one row per element per step, the elements in the same order every step, so $picked
# holds `drawn` rows per step in that order too, and the series at place i of a step (from 0)
# is `$picked every drawn::i`. Numbers go through as numbers, text columns as text.
ncol = words(columns)
g = colnum(group)
every_column = ''
do for [k = 1:ncol] {
    every_column = every_column . (k > 1 ? ':' : '') . \
        (known(word(columns, k), text_columns) ? sprintf('(strcol(%d))', k) : sprintf('%d', k))
}
keep = '1'
if (element_stride > 1) {
    keep = keep . sprintf(' && int(column(%d)) %% element_stride == 0', g)
}
if (step_stride > 1) {
    keep = keep . ' && (int(column(0) / elements) % step_stride == 0' . \
                  ' || int(column(0) / elements) == steps - 1)'
}
set datafile separator comma
set datafile columnheaders
set table $picked
eval sprintf('plot csv using %s with table if (%s)', every_column, keep)
unset table
set datafile separator whitespace
set datafile nocolumnheaders
drawn = (elements + element_stride - 1) / element_stride
# The group values in the order of a step, from the first step's rows.
order = ''
do for [i = 1:drawn] {
    order = order . ' ' . word($picked[i], g)
}
place_of(v) = (sum [i_place = 1:words(order)] (word(order, i_place) eq v ? i_place : 0)) - 1
series_of(p, c) = value(sprintf('p%d_c%d_series', p, c))
do for [p = 1:panels] {
    do for [c = 1:value(sprintf('p%d_curves', p))] {
        list = series_of(p, c)
        do for [k = 1:words(list)] {
            if (place_of(word(list, k)) < 0) {
                print sprintf("plot_trace.gp: %s: panel %d curve %d draws %s '%s', which %s " . \
                              "does not hold (or which is not drawn: %s)", \
                              name, p, c, group, word(list, k), csv, order)
                exit status 2
            }
        }
    }
}

# ---- drawing ----------------------------------------------------------------------------
palette10 = '#1f77b4 #ff7f0e #2ca02c #d62728 #9467bd #8c564b #e377c2 #7f7f7f #bcbd22 #17becf'
# Colour k of n: ten distinct ones, or n hues round the circle.
color_of(k, n) = n <= 10 ? word(palette10, k) : \
    sprintf('#%06x', hsv2rgb(0.8 * (k - 1) / (n - 1), 0.85, 0.8))
marker_pt = '7 6 9 4'
marker_color = '#000000 #c00000 #0050c0 #208020'
reference_color = '#404040'
# A marker's point goes on the first row of a series where its condition holds: hit() is
# true once per pass over a series (column(0) counts the series' rows from 0).
hit(cond) = (column(0) == 0 ? armed = 1 : 0, armed && cond ? (armed = 0, 1) : 0)
armed = 1
# A wrapped value breaks its line where it jumps by more than pi from the row before.
wrap_break(w) = (jump = column(0) > 0 && abs(w - previous) > pi, previous = w, jump ? NaN : w)
previous = 0
yexpr(v) = fname(v) eq 'wrap' ? 'wrap_break(' . valexpr(v) . ')' : valexpr(v)
pvar(p, what) = value(sprintf('p%d_%s', p, what))
cvar(p, c, what) = value(sprintf('p%d_c%d_%s', p, c, what))
mvar(p, m, what) = value(sprintf('p%d_m%d_%s', p, m, what))
# `for [k=1:n] $picked every drawn::(place of the k-th value of list)`
over_series(list) = sprintf("for [k=1:%d] $picked every drawn::place_of(word('%s', k))", \
                            words(list), list)

# The plot command of panel p: its curves, then its markers.
panel_command(p) = 'plot ' . walls_clause(p) . curve_clauses(p, 1) . marker_clauses(p, 1)
wall_color = '#303030'
walls_clause(p) = exists(sprintf('p%d_walls', p)) ? \
    sprintf("$walls using 1:2 with lines lw 3.5 lc rgb '%s' title p%d_walls, ", wall_color, p) : ''
curve_clauses(p, c) = c > pvar(p, 'curves') ? '' : \
    curve_clause(p, c, series_of(p, c)) . ', ' . curve_clauses(p, c + 1)
curve_clause(p, c, list) = sprintf("%s using (%s):(%s) with lines %s title %s", \
    over_series(list), valexpr(pvar(p, 'x')), yexpr(cvar(p, c, 'y')), \
    cvar(p, c, 'dashed') ? sprintf("dt 2 lw 1.4 lc rgb '%s'", reference_color) : \
    cvar(p, c, 'color') > 0 ? \
        sprintf("lw 1.4 lc rgb '%s'", word(palette10, cvar(p, c, 'color'))) : \
        sprintf('lw 1.4 lc rgb color_of(k, %d)', words(list)), \
    strstrt(cvar(p, c, 'legend'), '%s') > 0 ? \
        sprintf("sprintf(p%d_c%d_legend, word('%s', k))", p, c, list) : \
        sprintf("(k == 1 ? p%d_c%d_legend : '')", p, c))
marker_clauses(p, m) = m > pvar(p, 'markers') ? 'keyentry notitle' : \
    marker_clause(p, m) . ', ' . marker_clauses(p, m + 1)
marker_clause(p, m) = mvar(p, m, 'at') ne '' ? \
    sprintf("keyentry with lines dt 3 lw 1.4 lc rgb '%s' title p%d_m%d_legend", \
            reference_color, p, m) : \
    sprintf("%s using (hit(%s) ? %s : NaN):(%s) with points pt %s ps marker_size lw 1.5 " . \
            "lc rgb '%s' title (k == 1 ? p%d_m%d_legend : '')", \
            over_series(series_of(p, 1)), condexpr(mvar(p, m, 'when')), \
            valexpr(mvar(p, m, 'x')), valexpr(mvar(p, m, 'y')), \
            word(marker_pt, marker_look(p, m)), word(marker_color, marker_look(p, m)), p, m)
# A point marker's look (1-4) follows its legend: the same legend looks the same in every panel.
looks = 0
do for [p = 1:panels] {
    do for [m = 1:pvar(p, 'markers')] {
        look = 0
        do for [q = 1:p] {
            do for [n = 1:(q < p ? pvar(q, 'markers') : m - 1)] {
                if (look == 0 && mvar(q, n, 'at') eq '' && \
                    mvar(q, n, 'legend') eq mvar(p, m, 'legend')) {
                    look = mvar(q, n, 'look')
                }
            }
        }
        if (look == 0 && mvar(p, m, 'at') eq '') {
            looks = looks + 1
            look = (looks - 1) % words(marker_pt) + 1
        }
        eval sprintf('p%d_m%d_look = %d', p, m, look)
    }
}
marker_look(p, m) = mvar(p, m, 'look')

# The picture: panels one under the other, the legends to the right. A time series panel is
# 360 px high; one with one scale on both axes as high as its data's shape asks (within
# limits), from the range of its x and y.
width = 1100
title_height = 50
left = 0.08
right = 0.70
array panel_height[panels]
do for [p = 1:panels] {
    panel_height[p] = 360
    if (pvar(p, 'equal')) {
        eval sprintf('stats $picked using (%s):(%s) nooutput', valexpr(pvar(p, 'x')), \
                     valexpr(pvar(p, 'y')))
        aspect = (STATS_max_y - STATS_min_y) / (STATS_max_x - STATS_min_x + 1e-30)
        aspect = aspect < 0.2 ? 0.2 : aspect > 1.1 ? 1.1 : aspect
        panel_height[p] = int((right - left) * width * aspect) + 130
    }
}
subsample_note = element_stride > 1 ? \
    sprintf("\n%d of the %d %ss drawn: %s 0, %d, %d, ...", drawn, elements, group, group, \
            element_stride, 2 * element_stride) : ''
title_height = title_height + (element_stride > 1 ? 20 : 0)

height = title_height + sum [i_panel = 1:panels] panel_height[i_panel]

do for [terminal = 1:2] {
    if (terminal == 1) {
        set terminal svg size width, height noenhanced font 'sans,12' background '#ffffff'
        set output svg
        marker_size = 0.9
    } else {
        set terminal pngcairo size width, height noenhanced font 'sans,10' background '#ffffff'
        set output png
        marker_size = 1.2
    }
    set multiplot title title . subsample_note font ',15'
    top = 1.0 - real(title_height) / height
    do for [p = 1:panels] {
        unset arrow
        unset label
        set grid lc rgb '#e0e0e0'
        set border lc rgb '#404040'
        set key at graph 1.03, graph 1 left top vertical Left reverse noautotitle samplen 3 \
            spacing 1.2
        set lmargin at screen left
        set rmargin at screen right
        set origin 0, top - real(panel_height[p]) / height
        set size 1, real(panel_height[p]) / height
        set title pvar(p, 'title')
        set xlabel pvar(p, 'xlabel')
        set ylabel pvar(p, 'ylabel')
        set autoscale
        if (pvar(p, 'equal')) {
            # tight to the data, with room for the markers at its edges
            set size ratio -1
            set autoscale fix
            set offsets graph 0.03, graph 0.03, graph 0.03, graph 0.03
        } else {
            # time tight, values out to the next tick
            set size noratio
            set autoscale xfix
            set offsets 0, 0, 0, 0
        }
        do for [m = 1:pvar(p, 'markers')] {
            at = mvar(p, m, 'at')
            do for [k = 1:words(at)] {
                x_at = real(word(at, k))
                set arrow from x_at, graph 0 to x_at, graph 1 nohead front dt 3 lw 1.4 \
                    lc rgb reference_color
                set label mvar(p, m, 'legend') at x_at, graph 1 \
                    offset character 0.4, -0.8 left front textcolor rgb reference_color
            }
        }
        eval panel_command(p)
        top = top - real(panel_height[p]) / height
    }
    unset multiplot
    unset output
}
