"""libstdc++'s std::nth_element, std::partial_sort and std::sort, step for step, on a Python list.

PyTorch's CPU topk runs these on (value, index) pairs, so where values tie (0.0 and -0.0, or
equal numbers), or with sorted=False, which indices it returns and in which order is what these
algorithms leave behind, not a stable sort's order. Ported from GCC's bits/stl_algo.h and
bits/stl_heap.h (introselect, introsort, heap select), with `less(a, b)` the comparator.
"""

from __future__ import annotations

_THRESHOLD = 16  # libstdc++'s _S_threshold: introsort leaves runs this short to insertion sort


def nth_element(items: list, nth: int, less) -> None:
    """std::nth_element(first, first + nth, last, less)."""
    if nth >= len(items):
        return
    first, last, depth = 0, len(items), 2 * (len(items).bit_length() - 1)
    while last - first > 3:
        if depth == 0:
            _heap_select(items, first, nth + 1, last, less)
            items[first], items[nth] = items[nth], items[first]
            return
        depth -= 1
        cut = _partition_pivot(items, first, last, less)
        if cut <= nth:
            first = cut
        else:
            last = cut
    _insertion_sort(items, first, last, less)


def partial_sort(items: list, middle: int, less) -> None:
    """std::partial_sort(first, first + middle, last, less)."""
    _heap_select(items, 0, middle, len(items), less)
    _sort_heap(items, 0, middle, less)


def sort(items: list, last: int, less) -> None:
    """std::sort(first, first + last, less)."""
    if last > 0:
        _introsort_loop(items, 0, last, 2 * (last.bit_length() - 1), less)
        _final_insertion_sort(items, 0, last, less)


def _introsort_loop(items: list, first: int, last: int, depth: int, less) -> None:
    while last - first > _THRESHOLD:
        if depth == 0:
            _heap_select(items, first, last, last, less)
            _sort_heap(items, first, last, less)
            return
        depth -= 1
        cut = _partition_pivot(items, first, last, less)
        _introsort_loop(items, cut, last, depth, less)
        last = cut


def _final_insertion_sort(items: list, first: int, last: int, less) -> None:
    if last - first > _THRESHOLD:
        _insertion_sort(items, first, first + _THRESHOLD, less)
        for i in range(first + _THRESHOLD, last):
            _linear_insert(items, i, less)
    else:
        _insertion_sort(items, first, last, less)


def _partition_pivot(items: list, first: int, last: int, less) -> int:
    """The median of three moved to `first`, then Hoare's partition around it."""
    mid = first + (last - first) // 2
    _median_to_first(items, first, first + 1, mid, last - 1, less)
    return _partition(items, first + 1, last, first, less)


def _median_to_first(items: list, result: int, a: int, b: int, c: int, less) -> None:
    x, y, z = items[a], items[b], items[c]
    if less(x, y):
        pick = b if less(y, z) else c if less(x, z) else a
    else:
        pick = a if less(x, z) else c if less(y, z) else b
    items[result], items[pick] = items[pick], items[result]


def _partition(items: list, first: int, last: int, pivot: int, less) -> int:
    while True:
        while less(items[first], items[pivot]):
            first += 1
        last -= 1
        while less(items[pivot], items[last]):
            last -= 1
        if not first < last:
            return first
        items[first], items[last] = items[last], items[first]
        first += 1


def _insertion_sort(items: list, first: int, last: int, less) -> None:
    for i in range(first + 1, last):
        if less(items[i], items[first]):
            items[first : i + 1] = [items[i]] + items[first:i]
        else:
            _linear_insert(items, i, less)


def _linear_insert(items: list, last: int, less) -> None:
    value = items[last]
    while less(value, items[last - 1]):
        items[last] = items[last - 1]
        last -= 1
    items[last] = value


def _heap_select(items: list, first: int, middle: int, last: int, less) -> None:
    _make_heap(items, first, middle, less)
    for i in range(middle, last):
        if less(items[i], items[first]):
            _pop_heap(items, first, middle, i, less)


def _sort_heap(items: list, first: int, last: int, less) -> None:
    while last - first > 1:
        last -= 1
        _pop_heap(items, first, last, last, less)


def _make_heap(items: list, first: int, last: int, less) -> None:
    length = last - first
    if length < 2:
        return
    for parent in range((length - 2) // 2, -1, -1):
        _adjust_heap(items, first, parent, length, items[first + parent], less)


def _pop_heap(items: list, first: int, last: int, result: int, less) -> None:
    value = items[result]
    items[result] = items[first]
    _adjust_heap(items, first, 0, last - first, value, less)


def _adjust_heap(items: list, first: int, hole: int, length: int, value, less) -> None:
    top = child = hole
    while child < (length - 1) // 2:
        child = 2 * (child + 1)
        if less(items[first + child], items[first + child - 1]):
            child -= 1
        items[first + hole] = items[first + child]
        hole = child
    if length % 2 == 0 and child == (length - 2) // 2:
        child = 2 * (child + 1)
        items[first + hole] = items[first + child - 1]
        hole = child - 1
    parent = (hole - 1) // 2
    while hole > top and less(items[first + parent], value):
        items[first + hole] = items[first + parent]
        hole = parent
        parent = (hole - 1) // 2
    items[first + hole] = value
